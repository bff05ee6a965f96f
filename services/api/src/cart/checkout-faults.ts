/**
 * Crash injection for the checkout crash test: with CHECKOUT_FAULT_AT=<step> the API kills itself
 * (SIGKILL, no cleanup, like kill -9 or a lost machine) right after that step of a checkout. Only
 * honoured under NODE_ENV=test, so a stray variable in production cannot take the shop down.
 */
export const CHECKOUT_FAULT_STEPS = ['after-number-reserved', 'after-cart-checked-out', 'after-order-placed'] as const;
export type CheckoutFaultStep = (typeof CHECKOUT_FAULT_STEPS)[number];

export function checkoutFaultFromEnv(env: NodeJS.ProcessEnv = process.env): CheckoutFaultStep | undefined {
  const step = env.CHECKOUT_FAULT_AT;
  if (!step || env.NODE_ENV !== 'test') return undefined;
  if (!(CHECKOUT_FAULT_STEPS as readonly string[]).includes(step)) {
    throw new Error(`CHECKOUT_FAULT_AT must be one of ${CHECKOUT_FAULT_STEPS.join(', ')}, not ${step}`);
  }
  return step as CheckoutFaultStep;
}

export function crashIfAt(configured: CheckoutFaultStep | undefined, step: CheckoutFaultStep): void {
  if (configured === step) process.kill(process.pid, 'SIGKILL');
}
