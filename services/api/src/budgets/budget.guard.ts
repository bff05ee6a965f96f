import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { normaliseEgyptianPhone } from '#domain/checkout/egyptian-phone.js';
import { MAX_IMAGE_BYTES } from '../uploads/upload-limits.js';
import { CartReads } from '../cart/cart.reads.js';
import { clientOf } from './client-address.js';
import { ClientBudgets } from './client-budgets.service.js';
import { OVER_BUDGET } from './over-budget.error.js';

export type BudgetedRoute = 'cart' | 'checkout' | 'upload' | 'newsletter';

const BUDGETED_ROUTE = 'budgetedRoute';

/**
 * Spends the client's budget for this route before the handler runs: a guard runs after the body
 * parsers (the checkout's phone is readable) but before multer reads an upload's body and before
 * any command is decided, so a refused request costs neither a stored byte nor an event.
 */
export function Budgeted(route: BudgetedRoute) {
  return applyDecorators(SetMetadata(BUDGETED_ROUTE, route), UseGuards(BudgetGuard));
}

@Injectable()
export class BudgetGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly budgets: ClientBudgets,
    private readonly carts: CartReads,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<BudgetedRoute | undefined>(BUDGETED_ROUTE, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    const client = clientOf(req);
    switch (route) {
      case 'cart':
        await this.budgets.spend('cartCommands', client, OVER_BUDGET.cart);
        // Without a usable X-Cart-Id the write starts a cart (a stream of its own).
        if (!this.carts.cartIdFrom(req.headers['x-cart-id'])) await this.budgets.spend('cartCreations', client, OVER_BUDGET.cartCreation);
        return true;
      case 'checkout': {
        await this.budgets.spend('checkoutsPerClient', client, OVER_BUDGET.checkout);
        // Per phone wherever it comes from; a phone that is no phone is refused by validation later.
        const phone = typeof req.body?.phone === 'string' && req.body.phone.length <= 64 ? normaliseEgyptianPhone(req.body.phone) : undefined;
        if (phone) await this.budgets.spend('checkoutsPerPhone', phone, OVER_BUDGET.checkout);
        return true;
      }
      case 'upload': {
        // The slot first: an upload refused for being one too many at once costs no count or bytes.
        const release = await this.budgets.enterUpload(client, OVER_BUDGET.uploadConcurrency);
        try {
          await this.budgets.spend('uploads', client, OVER_BUDGET.upload);
          // The body is not read yet: its declared length is what it may cost (multer stops at
          // MAX_IMAGE_BYTES whatever is declared); a body of unknown length may cost that much.
          const declared = Number(req.headers['content-length']);
          const bytes = Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, MAX_IMAGE_BYTES) : MAX_IMAGE_BYTES;
          await this.budgets.spend('uploadBytes', client, OVER_BUDGET.upload, bytes);
        } catch (e) {
          await release();
          throw e;
        }
        context.switchToHttp().getResponse<Response>().once('close', () => void release());
        return true;
      }
      case 'newsletter':
        await this.budgets.spend('newsletterSignups', client, OVER_BUDGET.newsletter);
        return true;
      default:
        return true;
    }
  }
}
