/** The minimum-order rule, one server-side list of exempt governorates (the web reads it through the API). */
import { DomainError } from '../shared/domain-error.js';
import type { Governorate, ShopRules } from '../shop-config.js';

export function requiresMinimumPosters(governorate: Governorate, rules: ShopRules): boolean {
  return !rules.exemptGovernorates.includes(governorate);
}

/** posterCount counts poster and custom units, not add-ons. The message is the one the storefront rewrites. */
export function checkMinimumPosters(governorate: Governorate, posterCount: number, rules: ShopRules): void {
  if (requiresMinimumPosters(governorate, rules) && posterCount < rules.minimumPosters) {
    throw DomainError.validation('MINIMUM_POSTERS', `Minimum order for ${governorate} is ${rules.minimumPosters} posters`);
  }
}
