import type { NextFunction, Request, Response } from 'express';
import { requestIdFrom, runWithContext } from './request-context.js';

/**
 * First middleware of every request: picks the request id (incoming X-Request-Id or a new
 * UUID), echoes it, and runs the rest of the request inside its context. Shoppers act as
 * "shopper" with their cart id; the admin guard replaces the actor with the admin.
 */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdFrom(req.headers['x-request-id']);
  (req as Request & { id?: string }).id = requestId;
  res.setHeader('X-Request-Id', requestId);
  const cartId = req.headers['x-cart-id'];
  runWithContext({ requestId, actor: { kind: 'shopper', id: typeof cartId === 'string' && cartId ? cartId.slice(0, 64) : 'anonymous' } }, () => next());
}
