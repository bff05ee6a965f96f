import { toAsciiDigits, type MessageKey } from '../../lib/i18n';

export interface ShippingForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  addressLine: string;
  building: string;
  apartment: string;
  city: string;
  governorate: string;
  notes: string;
  paymentMethod: 'COD' | 'ONLINE' | '';
}

export const EMPTY_FORM: ShippingForm = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  addressLine: '',
  building: '',
  apartment: '',
  city: '',
  governorate: '',
  notes: '',
  paymentMethod: 'COD',
};

/** The form saved for the session, or the empty one; only known string fields are taken from storage. */
export function restoreForm(saved: string | null): ShippingForm {
  if (!saved) return EMPTY_FORM;
  try {
    const parsed: unknown = JSON.parse(saved);
    if (!parsed || typeof parsed !== 'object') return EMPTY_FORM;
    const form = { ...EMPTY_FORM };
    for (const key of Object.keys(EMPTY_FORM) as (keyof ShippingForm)[]) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') (form as Record<string, string>)[key] = value;
    }
    return form;
  } catch {
    return EMPTY_FORM;
  }
}

export const REQUIRED_FIELDS = ['firstName', 'lastName', 'phone', 'addressLine', 'building', 'apartment', 'city', 'governorate', 'paymentMethod'] as const;
export type FormErrors = Partial<Record<keyof ShippingForm, MessageKey>>;

/** '+20 100 123 4567', '٠١٠٠١٢٣٤٥٦٧', '0100-123-4567' → '01001234567'. */
export function normalisePhone(raw: string): string {
  let p = toAsciiDigits(raw).replace(/[\s\-().]/g, '');
  if (p.startsWith('+20')) p = `0${p.slice(3)}`;
  else if (p.startsWith('0020')) p = `0${p.slice(4)}`;
  return p;
}

export function isEgyptianMobile(raw: string): boolean {
  return /^01\d{9}$/.test(normalisePhone(raw));
}

/** Spec 5 "Checkout": every required field has its own message; the phone must be 01 + 9 digits. */
export function validateShipping(form: ShippingForm): FormErrors {
  const errors: FormErrors = {};
  for (const field of REQUIRED_FIELDS) {
    if (!String(form[field] ?? '').trim()) errors[field] = `checkout.required.${field}` as MessageKey;
  }
  if (!errors.phone && !isEgyptianMobile(form.phone)) errors.phone = 'checkout.invalidPhone';
  if (form.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'checkout.invalidEmail';
  return errors;
}

export const DEFAULT_EXEMPT_GOVERNORATES = ['CAIRO', 'GIZA'];
export const MINIMUM_POSTERS = 2;

/** One rule for the warning and the submit check, from the server's exempt list (no Giza split). */
export function needsMorePosters(governorate: string, posters: number, exempt: readonly string[]): boolean {
  return !!governorate && !exempt.includes(governorate) && posters < MINIMUM_POSTERS;
}

/** The server's 'Minimum order for {governorate} is 2 posters' (HTTP 400) becomes the friendly text. */
export function isMinimumOrderMessage(message: string): boolean {
  return /minimum order for .+ is \d+ posters?/i.test(message);
}
