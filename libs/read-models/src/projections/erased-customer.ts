import { PERSONAL_FIELDS } from '#domain/personal-data/personal-fields.js';

/**
 * What an order's customer fields read as once their subject is erased, by field name
 * (firstName → '[erased]', email → null, latitude → 0): the declaration the log's readers use,
 * so rows erased in place equal the rows a rebuild makes from the erased events.
 */
export const ERASED_CUSTOMER: Readonly<Record<string, string | number | null>> = Object.fromEntries(
  PERSONAL_FIELDS.OrderPlaced!.fields.map((f) => [f.path.at(-1)!, f.erased]),
);

