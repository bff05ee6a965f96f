import type { CartView, OrderTotalsFields } from '../../../api/generated-public';
import { useT } from '../../../lib/i18n';
import { Ltr, Money } from '../../../lib/ltr';
import { round2 } from '../../cart/cart-math';

export interface SummaryFigures {
  subtotal: number;
  promotions: number;
  promo: number;
  shipping: number | null;
  codFee: number;
  taxAmount: number;
  taxRate: number;
  total: number;
}

/** Total = subtotal − promotions − promo + shipping (unless free) + COD fee */
export function summaryFigures(cart: CartView, shipping: number | null, paymentMethod: string): SummaryFigures {
  const promotions = cart.discountFromPromotions;
  const promo = cart.discountFromPromoCode;
  const codFee = paymentMethod === 'COD' ? cart.codFee : 0;
  return {
    subtotal: cart.subtotal,
    promotions,
    promo,
    shipping,
    codFee,
    taxAmount: cart.taxAmount,
    taxRate: cart.taxRate,
    total: round2(cart.subtotal - promotions - promo + (shipping ?? 0) + codFee),
  };
}

/** The figures of a placed order, as it recorded them (the checkout's answer); the rate is not recorded. */
export function figuresOfTotals(totals: OrderTotalsFields): SummaryFigures {
  return {
    subtotal: totals.subtotal,
    promotions: totals.discountFromPromotions,
    promo: totals.discountFromPromoCode,
    shipping: totals.shippingCost,
    codFee: totals.codFee,
    taxAmount: totals.taxAmount,
    taxRate: 0,
    total: totals.total,
  };
}

export function OrderSummary({ figures, promoCode }: { figures: SummaryFigures; promoCode: string | null }) {
  const t = useT();
  const row = 'flex items-center justify-between gap-4 py-1.5';
  return (
    <dl className="text-sm" data-testid="order-summary">
      <div className={row}>
        <dt>{t('checkout.subtotal')}</dt>
        <dd><Money amount={figures.subtotal} /></dd>
      </div>
      {figures.promotions > 0 && (
        <div className={`${row} text-emerald-700`}>
          <dt>{t('checkout.promotions')}</dt>
          <dd><Money amount={figures.promotions} negative /></dd>
        </div>
      )}
      {figures.promo > 0 && (
        <div className={`${row} text-emerald-700`}>
          <dt>
            {t('checkout.promoDiscount')} {promoCode && <Ltr lang="en">({promoCode})</Ltr>}
          </dt>
          <dd><Money amount={figures.promo} negative /></dd>
        </div>
      )}
      <div className={row}>
        <dt>{t('checkout.shippingCost')}</dt>
        <dd data-testid="summary-shipping">
          {figures.shipping === null ? (
            <span className="text-stone-500">{t('checkout.shippingTbd')}</span>
          ) : figures.shipping === 0 ? (
            <span className="font-semibold text-emerald-700">{t('checkout.free')}</span>
          ) : (
            <Money amount={figures.shipping} />
          )}
        </dd>
      </div>
      {figures.codFee > 0 && (
        <div className={row}>
          <dt>{t('checkout.codFee')}</dt>
          <dd><Money amount={figures.codFee} /></dd>
        </div>
      )}
      <div className={`${row} mt-2 border-t border-stone-200 pt-3 text-lg font-bold`}>
        <dt>{t('checkout.total')}</dt>
        <dd data-testid="summary-total"><Money amount={figures.total} /></dd>
      </div>
      {figures.taxAmount > 0 && (
        <div className="flex justify-end gap-1 text-xs text-stone-500" data-testid="summary-tax">
          <dt>{t('checkout.tax', { rate: figures.taxRate })}:</dt>
          <dd><Money amount={figures.taxAmount} /></dd>
        </div>
      )}
    </dl>
  );
}
