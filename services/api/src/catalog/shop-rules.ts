import { DEFAULT_SHOP_RULES, parseGovernorate, type Governorate, type ShopRules } from '#domain/shop-config.js';
import { egpToPiastres } from '#domain/shared/money.js';

export const SHOP_RULES = Symbol('SHOP_RULES');

/**
 * The shop's rules with optional overrides from the environment (EXEMPT_GOVERNORATES=CAIRO,GIZA,
 * COD_FEE_EGP, FREE_SHIPPING_THRESHOLD_EGP). The same object prices carts, checks out and is
 * served to the web by /api/public/config, so the form and the server cannot disagree.
 */
export function shopRulesFromEnv(env: NodeJS.ProcessEnv = process.env): ShopRules {
  const exempt = env.EXEMPT_GOVERNORATES
    ?.split(',')
    .map((g) => parseGovernorate(g))
    .filter((g): g is Governorate => g !== undefined);
  const money = (v: string | undefined, fallback: number) => {
    const p = v === undefined ? NaN : egpToPiastres(v);
    return Number.isSafeInteger(p) && p >= 0 ? p : fallback;
  };
  return Object.freeze({
    ...DEFAULT_SHOP_RULES,
    exemptGovernorates: exempt?.length ? exempt : DEFAULT_SHOP_RULES.exemptGovernorates,
    codFee: money(env.COD_FEE_EGP, DEFAULT_SHOP_RULES.codFee),
    freeShippingThreshold: money(env.FREE_SHIPPING_THRESHOLD_EGP, DEFAULT_SHOP_RULES.freeShippingThreshold),
  });
}
