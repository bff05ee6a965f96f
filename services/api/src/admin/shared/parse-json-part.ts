import { BadRequestException, type Type } from '@nestjs/common';
import { validationPipe } from '../../common/validation-pipe.js';

/**
 * Multipart forms carry their fields as a JSON part named `data`; plain JSON
 * bodies carry them directly. Either way the result goes through the same DTO validation as any
 * @Body() (the global pipe cannot see inside a multipart part).
 */
export async function parseJsonPart<T extends object>(body: unknown, dto: Type<T>): Promise<T> {
  let raw: unknown = body ?? {};
  const data = (raw as { data?: unknown }).data;
  if (typeof data === 'string') {
    try {
      raw = JSON.parse(data);
    } catch {
      throw new BadRequestException('The data part must be valid JSON');
    }
  } else if (data && typeof data === 'object' && !Array.isArray(data)) {
    raw = data;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new BadRequestException('Request body must be a JSON object');
  return validationPipe().transform(raw, { type: 'body', metatype: dto }) as Promise<T>;
}
