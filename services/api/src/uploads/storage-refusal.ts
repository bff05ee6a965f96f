import { HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MESSAGES } from './upload-limits.js';

const log = new Logger('ImageStorage');

/**
 * The disk, not the image: a full disk is 507 (the admin must free space), an unwritable one
 * 503 (a mount or permission problem). Either way the shopper gets a sentence, not a 500.
 */
export function storageRefusal(error: unknown): HttpException | undefined {
  const code = (error as { code?: unknown })?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    log.error(`upload refused, storage full: ${(error as Error).message}`);
    return new HttpException(MESSAGES.storageFull, 507);
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    log.error(`upload refused, storage not writable: ${(error as Error).message}`);
    return new ServiceUnavailableException(MESSAGES.storageUnwritable);
  }
  return undefined;
}
