/**
 * Whole numbers a client sends as text (query parameters, form and multipart fields, JSON strings
 * and route parameters) are plain decimal digits, optionally signed: Number() alone also takes
 * "0x10" (16), "1e3", "0b11", " 2 ", "2.0" and "Infinity", so a quantity of "0x10" became 16.
 * At most 15 digits, so the number is exact; the caller's range check names the field.
 */
const DECIMAL_INTEGER = /^-?\d{1,15}$/;

/** The number a decimal integer text says, or undefined for anything else (numbers included). */
export function decimalInteger(value: unknown): number | undefined {
  return typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : undefined;
}

/**
 * For DTOs, before @IsInt: decimal text becomes its number; any other text stays text, which
 * @IsInt refuses with the field's message. A JSON number passes as it is (@IsInt judges it).
 */
export const toInteger = ({ value }: { value: unknown }): unknown => decimalInteger(value) ?? value;
