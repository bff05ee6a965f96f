import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * A finite number with at most 2 decimals (an EGP amount as a form sends it). Not IsNumber's
 * maxDecimalPlaces: class-validator 0.15 throws on numbers printed in exponent form (5e-324),
 * which turns a bad request into a 500.
 */
export function IsEgpAmount(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isEgpAmount',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 1e9) return false;
          const cents = value * 100;
          return Math.abs(cents - Math.round(cents)) < 1e-6;
        },
      },
    });
}

/** Forms may send "75.50": numeric strings become numbers, anything else stays as it is for the validator to refuse (true is not 1). */
export const numericStringToNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\s*-?\d{1,12}(\.\d{1,12})?\s*$/.test(value) ? Number(value) : value;
