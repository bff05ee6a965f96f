import { BadRequestException } from '@nestjs/common';

/** What reads "erased" once a customer is erased (the declared personal fields of an order's customer). */
export const ERASED_FIELDS = ['name', 'phone', 'e-mail', 'address', 'building', 'apartment', 'city', 'coordinates', 'notes'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer is a data subject: a UUID (CustomerView.subjectId). */
export function parseSubjectId(raw: string): string {
  if (!UUID.test(raw)) throw new BadRequestException('subjectId must be a customer id (a UUID)');
  return raw.toLowerCase();
}
