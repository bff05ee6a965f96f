import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { assertBodyText } from './edge-text.js';

/** The first refusal and the field it names (a path for nested fields: items.0.quantity). */
function firstRefusal(errors: ValidationError[], parent = ''): { message: string; field?: string } {
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const msg = e.constraints ? Object.values(e.constraints).at(-1) : undefined;
    if (msg) return { message: msg, field };
    if (e.children?.length) {
      const child = firstRefusal(e.children, field);
      if (child.field) return child;
    }
  }
  return { message: 'Invalid request' };
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
    // The field travels beside the message, so the back-office can word the refusal itself.
    exceptionFactory: (errors) => new BadRequestException(firstRefusal(errors)),
  });
