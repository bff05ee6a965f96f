import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

/**
 * Warns once when a request arrives with forwarding headers while TRUST_PROXY is off: the shop is
 * most likely behind a proxy, so every client has the proxy's address and shares one budget of
 * anonymous writes (and one sign-in limit). The headers stay ignored: trusting them unasked would
 * let any client pick its own address.
 */
export function forwardedWithoutTrustWarning(trustProxy: unknown, logger: Pick<Logger, 'warn'>) {
  let warned = trustProxy !== false;
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!warned && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined)) {
      warned = true;
      logger.warn(
        { remoteAddress: req.socket?.remoteAddress },
        'requests arrive with X-Forwarded-For or Forwarded while TRUST_PROXY is unset: every client behind that proxy shares its address and one budget; set TRUST_PROXY to the proxy (README, "Budgets of anonymous writes")',
      );
    }
    next();
  };
}
