import { DomainError } from '../shared/domain-error.js';
import { validateCheckoutForm } from './checkout-form.js';
import type { CheckoutForm } from './commands.js';
import { monaCustomer } from '../testing/fixtures.js';

const validForm: CheckoutForm = {
  firstName: ' Mona ',
  lastName: 'Adel',
  phone: '+20 10 1234 5678',
  email: 'Mona@Example.com',
  addressLine: '12 Nile St',
  building: '4',
  apartment: '7',
  city: 'Zamalek',
  governorate: 'cairo',
  paymentMethod: 'cod',
  notes: '',
};

function errorOf(form: CheckoutForm): DomainError {
  try {
    validateCheckoutForm(form);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('validateCheckoutForm', () => {
  it('records the storefront language: ar or en in any case, absent means en, anything else is refused naming the field', () => {
    expect(validateCheckoutForm({ ...validForm, language: 'AR' }).language).toBe('ar');
    expect(validateCheckoutForm({ ...validForm, language: null }).language).toBe('en');
    expect(() => validateCheckoutForm({ ...validForm, language: 'fr' })).toThrow(expect.objectContaining({ fieldErrors: { language: 'Language must be en or ar' } }));
  });

  it('returns clean values: trimmed, phone normalised, governorate code, no pin when none was sent', () => {
    expect(validateCheckoutForm(validForm)).toEqual({
      paymentMethod: 'COD',
      language: 'en',
      customer: { ...monaCustomer, email: 'mona@example.com', latitude: null, longitude: null },
    });
  });

  it('keeps given coordinates and notes', () => {
    const { customer } = validateCheckoutForm({ ...validForm, latitude: '31.2', longitude: 29.9, notes: ' Ring twice ' });
    expect(customer).toMatchObject({ latitude: 31.2, longitude: 29.9, notes: 'Ring twice' });
  });

  it("stores no pin for an absent coordinate or the form's default pair, and keeps the edges of the range", () => {
    const { customer } = validateCheckoutForm({ ...validForm, latitude: null, longitude: '' });
    expect(customer).toMatchObject({ latitude: null, longitude: null });
    expect(validateCheckoutForm({ ...validForm, latitude: '30.0444', longitude: 31.2357 }).customer).toMatchObject({ latitude: null, longitude: null });
    expect(validateCheckoutForm({ ...validForm, latitude: '-90', longitude: 180 }).customer).toMatchObject({ latitude: -90, longitude: 180 });
  });

  it.each([
    ['latitude', 'abc', 'Latitude must be a number from -90 to 90'],
    ['latitude', 'NaN', 'Latitude must be a number from -90 to 90'],
    ['latitude', '1e309', 'Latitude must be a number from -90 to 90'],
    ['latitude', '0x1E', 'Latitude must be a number from -90 to 90'],
    ['latitude', '90.5', 'Latitude must be a number from -90 to 90'],
    ['latitude', Number.NaN, 'Latitude must be a number from -90 to 90'],
    ['longitude', Number.POSITIVE_INFINITY, 'Longitude must be a number from -180 to 180'],
    ['longitude', -180.01, 'Longitude must be a number from -180 to 180'],
    ['longitude', 'Infinity', 'Longitude must be a number from -180 to 180'],
  ] as const)('refuses %s %p, naming the field', (field, value, message) => {
    const error = errorOf({ ...validForm, [field]: value });
    expect(error.message).toBe(message);
    expect(error.fieldErrors).toEqual({ [field]: message });
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['phone', 'Phone number is required'],
    ['addressLine', 'Address line is required'],
    ['building', 'Building is required'],
    ['apartment', 'Apartment is required'],
    ['city', 'City is required'],
    ['governorate', 'Governorate is required'],
    ['paymentMethod', 'Payment method is required'],
  ] as const)('requires %s: "%s"', (field, message) => {
    const error = errorOf({ ...validForm, [field]: '  ' });
    expect(error.code).toBe('CHECKOUT_INVALID');
    expect(error.kind).toBe('validation');
    expect(error.message).toBe(message);
    expect(error.fieldErrors).toEqual({ [field]: message });
  });

  it('reports every missing field, the first one as the message', () => {
    const error = errorOf({});
    expect(error.message).toBe('First name is required');
    expect(Object.keys(error.fieldErrors ?? {})).toHaveLength(9);
  });

  it('refuses a phone that is not an Egyptian mobile', () => {
    const error = errorOf({ ...validForm, phone: '02 2345 6789' });
    expect(error.message).toBe('Please enter a valid Egyptian phone number.');
  });

  it('refuses an unknown governorate and payment method, and a bad e-mail', () => {
    expect(errorOf({ ...validForm, governorate: 'Narnia' }).fieldErrors).toEqual({ governorate: 'Please select a valid governorate' });
    expect(errorOf({ ...validForm, paymentMethod: 'CARD' }).fieldErrors).toEqual({ paymentMethod: 'Payment method must be COD or ONLINE' });
    expect(errorOf({ ...validForm, email: 'mona@' }).fieldErrors).toEqual({ email: 'Please enter a valid email address' });
  });

  it('refuses absurdly long fields', () => {
    expect(errorOf({ ...validForm, city: 'x'.repeat(201) }).fieldErrors).toEqual({ city: 'This field is too long' });
  });
});
