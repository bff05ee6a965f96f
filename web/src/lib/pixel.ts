// Events for a social-media ad pixel (client side only). The shop works the same without
// one: when no pixel script is on the page nothing happens, and a failing pixel is only logged.
type Fbq = (command: 'track', event: string, data?: Record<string, unknown>) => void;

export function trackEvent(event: 'AddToCart' | 'Purchase', data?: Record<string, unknown>): void {
  try {
    const fbq = (window as unknown as { fbq?: Fbq }).fbq;
    if (typeof fbq === 'function') fbq('track', event, { currency: 'EGP', ...data });
  } catch (error) {
    console.warn('pixel event failed', event, error);
  }
}
