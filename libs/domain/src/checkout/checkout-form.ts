/** Validation of the checkout form with the storefront's messages; returns clean, typed values. */
import type { OrderCustomer } from '../order/events.js';
import { DomainError } from '../shared/domain-error.js';
import { isValidEmail, normaliseEmail } from '../shared/validation.js';
import { mapPin } from './map-pin.js';
import { isPaymentMethod, parseGovernorate, type PaymentMethod } from '../shop-config.js';
import type { CheckoutForm } from './commands.js';
import { normaliseEgyptianPhone } from './egyptian-phone.js';
import { DEFAULT_SHOP_LANGUAGE, isShopLanguage, type ShopLanguage } from '../shared/shop-language.js';

export const CHECKOUT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phone: 'Phone number is required',
  addressLine: 'Address line is required',
  building: 'Building is required',
  apartment: 'Apartment is required',
  city: 'City is required',
  governorate: 'Governorate is required',
  paymentMethod: 'Payment method is required',
  invalidPhone: 'Please enter a valid Egyptian phone number.',
  invalidGovernorate: 'Please select a valid governorate',
  invalidPaymentMethod: 'Payment method must be COD or ONLINE',
  invalidEmail: 'Please enter a valid email address',
  invalidLanguage: 'Language must be en or ar',
  invalidLatitude: 'Latitude must be a number from -90 to 90',
  invalidLongitude: 'Longitude must be a number from -180 to 180',
  tooLong: 'This field is too long',
  emptyCart: 'Your cart is empty',
} as const;

/** In the form's order: the first missing field gives the error message. */
const REQUIRED = ['firstName', 'lastName', 'phone', 'addressLine', 'building', 'apartment', 'city', 'governorate', 'paymentMethod'] as const;

/** Generous limits that only stop abuse; a real address fits easily. */
const MAX_FIELD = 200;
const MAX_NOTES = 1000;

export interface ValidCheckoutForm {
  customer: OrderCustomer;
  paymentMethod: PaymentMethod;
  language: ShopLanguage;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Plain decimal degrees as forms send them ("30.0444", "-31.2"): no exponent, hex, NaN or Infinity. */
const DECIMAL_DEGREES = /^-?\d{1,3}(\.\d{1,20})?$/;

/**
 * A coordinate: absent (undefined, null, empty) is no pin; anything else must be finite decimal
 * degrees within ±limit, or it is refused. Replacing "abc" or "1e309" with Cairo's coordinates
 * would send a courier to the wrong city without telling anyone.
 */
function coordinate(value: unknown, limit: number): number | null | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'string' ? (DECIMAL_DEGREES.test(value.trim()) ? Number(value) : NaN) : value;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

/** Throws DomainError CHECKOUT_INVALID (message: the first error; fieldErrors: all of them). */
export function validateCheckoutForm(form: CheckoutForm): ValidCheckoutForm {
  const errors: Record<string, string> = {};
  for (const field of REQUIRED) {
    const value = text(form[field]);
    if (value === '') errors[field] = CHECKOUT_MESSAGES[field];
    else if (value.length > MAX_FIELD) errors[field] = CHECKOUT_MESSAGES.tooLong;
  }
  const phone = errors.phone ? undefined : normaliseEgyptianPhone(text(form.phone));
  if (!errors.phone && !phone) errors.phone = CHECKOUT_MESSAGES.invalidPhone;
  const governorate = errors.governorate ? undefined : parseGovernorate(form.governorate);
  if (!errors.governorate && !governorate) errors.governorate = CHECKOUT_MESSAGES.invalidGovernorate;
  const paymentMethod = text(form.paymentMethod).toUpperCase();
  if (!errors.paymentMethod && !isPaymentMethod(paymentMethod)) errors.paymentMethod = CHECKOUT_MESSAGES.invalidPaymentMethod;
  const email = text(form.email) === '' ? null : normaliseEmail(text(form.email));
  if (email !== null && !isValidEmail(email)) errors.email = CHECKOUT_MESSAGES.invalidEmail;
  const notes = text(form.notes) === '' ? null : text(form.notes);
  if (notes !== null && notes.length > MAX_NOTES) errors.notes = CHECKOUT_MESSAGES.tooLong;
  const language = text(form.language) === '' ? DEFAULT_SHOP_LANGUAGE : text(form.language).toLowerCase();
  if (!isShopLanguage(language)) errors.language = CHECKOUT_MESSAGES.invalidLanguage;
  const latitude = coordinate(form.latitude, 90);
  if (latitude === undefined) errors.latitude = CHECKOUT_MESSAGES.invalidLatitude;
  const longitude = coordinate(form.longitude, 180);
  if (longitude === undefined) errors.longitude = CHECKOUT_MESSAGES.invalidLongitude;

  const fields = Object.keys(errors);
  if (fields.length > 0) throw DomainError.validation('CHECKOUT_INVALID', errors[fields[0]], errors);

  return {
    paymentMethod: paymentMethod as PaymentMethod,
    language: language as ShopLanguage,
    customer: {
      firstName: text(form.firstName),
      lastName: text(form.lastName),
      phone: phone!,
      email,
      addressLine: text(form.addressLine),
      building: text(form.building),
      apartment: text(form.apartment),
      city: text(form.city),
      governorate: governorate!,
      ...mapPin(latitude, longitude),
      notes,
    },
  };
}
