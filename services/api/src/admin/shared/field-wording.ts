import type { StaffWording } from '#domain/admin/staff-wording.js';

/** Only the back-office words refusals from codes; the storefront has its own refusal texts. */
export const isAdminPath = (path: string | undefined): boolean => path !== undefined && /^\/api\/admin(\/|$)/.test(path);

/**
 * A refusal of one form field as staff read it: the field and why, whether a DTO's rule refused it
 * ("trackingUrlTemplate must be text": field named first, as every DTO message here is) or a
 * decider named it in its field errors. Undefined when no single field is to blame.
 */
export function fieldWording(message: string, field?: string, fieldErrors?: Readonly<Record<string, string>>): StaffWording | undefined {
  const named = fieldErrors ? Object.entries(fieldErrors) : [];
  if (named.length === 1) {
    const [name, why] = named[0]!;
    return { code: 'field.invalid', args: { field: name, detail: why } };
  }
  if (!field) return undefined;
  const leaf = field.split('.').at(-1)!;
  const detail = message.startsWith(`${field} `) ? message.slice(field.length + 1) : message.startsWith(`${leaf} `) ? message.slice(leaf.length + 1) : message;
  return { code: 'field.invalid', args: { field: leaf, detail } };
}
