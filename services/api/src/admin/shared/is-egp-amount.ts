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
