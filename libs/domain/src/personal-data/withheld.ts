/**
 * The one rule for personal data on a list or an export: a staff member without `customers.read`
 * reads "withheld" in each declared personal field, and the rest of the row stays. The fields come
 * from the declaration the log's encryption reads (personal-fields.ts), so a field declared there
 * is withheld here too, with nothing else to update.
 */
import type { Permission } from '../admin/staff-permissions.js';
import { PERSONAL_FIELDS } from './personal-fields.js';

/** What a field reads when its reader may not read personal data. */
export const WITHHELD = 'withheld';

export type FieldPath = readonly string[];

export function mayReadPersonalData(permissions: ReadonlySet<Permission>): boolean {
  return permissions.has('customers.read');
}

const leaf = (path: FieldPath) => path[path.length - 1];

/**
 * The personal fields of an order's row (list, page or export line), by name: those declared for
 * the customer an order is placed with, and the name the row builds from two of them.
 */
export const ORDER_ROW_PERSONAL_FIELDS: readonly FieldPath[] = [...PERSONAL_FIELDS.OrderPlaced.fields.map((f) => [leaf(f.path)]), ['customerName']];

/** The personal fields of an event's data, by its stored type: none for a type that declares none. */
export function eventPersonalFields(type: string): readonly FieldPath[] {
  return PERSONAL_FIELDS[type]?.fields.map((f) => f.path) ?? [];
}

/** `row` with each of `paths` that it holds reading WITHHELD; copied where changed, never mutated. */
export function withhold<T>(row: T, paths: readonly FieldPath[]): T {
  let out: unknown = row;
  for (const path of paths) out = withholdAt(out, path);
  return out as T;
}

function withholdAt(value: unknown, path: FieldPath): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [key, ...rest] = path;
  if (!Object.prototype.hasOwnProperty.call(value, key)) return value;
  const inner = (value as Record<string, unknown>)[key];
  return { ...value, [key]: rest.length === 0 ? WITHHELD : withholdAt(inner, rest) };
}

/** The row as a member with these permissions may read it: whole with `customers.read`, its personal fields withheld otherwise. */
export function shapeForReader<T>(row: T, permissions: ReadonlySet<Permission>, personal: readonly FieldPath[]): T {
  return mayReadPersonalData(permissions) ? row : withhold(row, personal);
}
