import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { assertBodyText } from './edge-text.js';

function firstMessage(errors: ValidationError[]): string {
  for (const e of errors) {
    const msg = e.constraints ? Object.values(e.constraints).at(-1) : undefined;
    if (msg) return msg;
    if (e.children?.length) {
      const child = firstMessage(e.children);
      if (child) return child;
    }
  }
  return 'Invalid request';
}

/**
 * Bodies the edge middleware never saw reach the pipe: multipart text fields (multer fills
 * req.body inside the route, after every middleware) and the JSON `data` part parsed from them.
 * They get the same edge text check, first; a JSON body checked at the edge is skipped by identity.
 */
class EdgeValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') assertBodyText(value, metadata.data ?? '');
    return super.transform(value, metadata);
  }
}

/** The one validation pipe: global for bodies and queries, and for multipart JSON parts. */
export const validationPipe = () =>
  new EdgeValidationPipe({
    whitelist: true,
    // The storefront's published client sends price fields with add-to-cart: accepted and ignored, not refused.
    forbidNonWhitelisted: false,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
