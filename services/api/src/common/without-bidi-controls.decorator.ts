import { Transform } from 'class-transformer';
import { withoutBidiControls } from '#domain/shared/bidi-text.js';

/**
 * On a DTO field a person types (a name, an address, a note): embedding, override and isolate
 * characters are removed as the body becomes the DTO, so none reaches the log (see bidi-text.ts).
 * Anything that is not text is left for the field's own validation to judge.
 */
export const WithoutBidiControls = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? withoutBidiControls(value) : value));
