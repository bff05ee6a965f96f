import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { MAX_IMAGE_BYTES } from '../uploads/upload-limits.js';
import { CartReads } from '../cart/cart.reads.js';
import { clientOf } from './client-address.js';
import { ClientBudgets, type BudgetClient } from './client-budgets.service.js';
import { ClientTokens } from './client-token.js';
import { OVER_BUDGET } from './over-budget.error.js';

export type BudgetedRoute = 'cart' | 'checkout' | 'upload' | 'newsletter';

const BUDGETED_ROUTE = 'budgetedRoute';

/**
 * Spends the client's budget for this route before the handler runs: a guard runs after the body
 * parsers and the cookie parser (the client token is readable) but before multer reads an upload's body and before
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
    private readonly tokens: ClientTokens,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<BudgetedRoute | undefined>(BUDGETED_ROUTE, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    const client = clientOf(req);
    // The storefront's shoppers by their signed client token, so one address is not one budget.
    const shopper: BudgetClient = { address: client, token: this.tokens.idFrom(req) };
    switch (route) {
      case 'cart':
        await this.budgets.spendAsClient('cartCommands', shopper, OVER_BUDGET.cart);
        // Without a usable X-Cart-Id the write starts a cart (a stream of its own).
        if (!this.carts.cartIdFrom(req.headers['x-cart-id'])) await this.budgets.spendAsClient('cartCreations', shopper, OVER_BUDGET.cartCreation);
        return true;
      // Attempts per client only: a budget per phone would let anyone who types a customer's phone
      // refuse that customer's checkout. Many orders from one phone are flagged instead (screening).
      case 'checkout':
        await this.budgets.spendAsClient('checkoutsPerClient', shopper, OVER_BUDGET.checkout);
        return true;
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
