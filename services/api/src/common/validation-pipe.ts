import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

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

/** The one validation pipe: global for bodies and queries, and for multipart JSON parts. */
export const validationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    // The spec's client sends price fields with add-to-cart: accepted and ignored, not refused.
    forbidNonWhitelisted: false,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
