import path from 'node:path';
import type { Provider } from '@nestjs/common';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from '../../common/tokens.js';

export const EXPORTS_DIR = Symbol('EXPORTS_DIR');

/**
 * Export files hold customers' names and phones: never under UPLOADS_DIR (served publicly), but
 * beside it (.data/exports by default) or EXPORTS_DIR. With several API replicas and BullMQ this
 * must be shared storage, like the uploads.
 */
export const exportsDirProvider: Provider = {
  provide: EXPORTS_DIR,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => path.resolve(process.env.EXPORTS_DIR ?? path.join(path.dirname(config.uploadsDir), 'exports')),
};
