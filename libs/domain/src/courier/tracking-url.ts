/**
 * A courier's tracking page for one parcel, from the template the owner typed:
 * `https://bosta.co/tracking-shipments?shipment-number={tracking}`. Only https (the link opens
 * from the shop's own page) and exactly one {tracking} placeholder, so the link always names the parcel.
 */
import { DomainError } from '../shared/domain-error.js';

export const TRACKING_PLACEHOLDER = '{tracking}';
const MAX_TEMPLATE_LENGTH = 500;

/** The template as stored (trimmed), null when blank; a 400 naming trackingUrlTemplate otherwise. */
export function validTrackingUrlTemplate(value: unknown): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const refuse = (why: string) => DomainError.validation('INVALID_TRACKING_URL', `trackingUrlTemplate ${why}`, { trackingUrlTemplate: why });
  if (typeof value !== 'string') throw refuse('must be text');
  const template = value.trim();
  if (template.length > MAX_TEMPLATE_LENGTH) throw refuse(`must be at most ${MAX_TEMPLATE_LENGTH} characters`);
  if (template.split(TRACKING_PLACEHOLDER).length !== 2) throw refuse(`must contain ${TRACKING_PLACEHOLDER} exactly once`);
  let url: URL;
  try {
    url = new URL(template.replace(TRACKING_PLACEHOLDER, 'X'));
  } catch {
    throw refuse('must be a URL');
  }
  if (url.protocol !== 'https:') throw refuse('must start with https://');
  if (url.username !== '' || url.password !== '') throw refuse('must not carry a user name or password');
  return template;
}

/** The parcel's link: the tracking number is URL-encoded, so it can never change where the link goes. */
export function trackingUrl(template: string | null, trackingNumber: string | null): string | null {
  if (template === null || trackingNumber === null || trackingNumber === '') return null;
  return template.replace(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber));
}
