/**
 * A client spent its budget: a 429 with Retry-After in whole seconds, and a code the
 * storefront translates (web/src/lib/i18n-*.ts). Thrown before anything is appended.
 */
export class OverBudget extends Error {
  override readonly name = 'OverBudget';

  constructor(
    readonly code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export const OVER_BUDGET = {
  cart: { code: 'CART_BUDGET_EXCEEDED', message: 'Too many cart changes from your network in a short time. Please wait a moment and try again.' },
  cartCreation: { code: 'CART_BUDGET_EXCEEDED', message: 'Too many new carts from your network in a short time. Please wait a moment and try again.' },
  checkout: { code: 'CHECKOUT_BUDGET_EXCEEDED', message: 'Too many orders attempted in a short time. Please wait a few minutes and try again.' },
  upload: { code: 'UPLOAD_BUDGET_EXCEEDED', message: 'Too many uploads from your network in a short time. Please wait a few minutes and try again.' },
  uploadConcurrency: { code: 'UPLOAD_BUDGET_EXCEEDED', message: 'Too many uploads at once from your network. Please wait for the others to finish and try again.' },
  newsletter: { code: 'NEWSLETTER_BUDGET_EXCEEDED', message: 'Too many sign-ups from your network in a short time. Please try again later.' },
} as const;
