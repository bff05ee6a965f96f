import { NO_PROMO_RULES, type PromoRules, type PromoRulesInput } from '#domain/promotion/promo-rules.js';
import { egpToPiastres, piastresToEgp } from '#domain/shared/money.js';
import type { PromoCodeView } from './promo-code-response.js';
import type { PromoRulesDto } from './promo-code.dto.js';

/** A promo code as the back-office shows it: the code is its id; money in EGP. */
export function promoCodeView(p: {
  code: string;
  percentOff: number;
  active: boolean;
  createdAt?: Date | string | null;
  rules?: PromoRules;
  uses?: number;
}): PromoCodeView {
  const rules = p.rules ?? NO_PROMO_RULES;
  const uses = p.uses ?? 0;
  return {
    id: p.code,
    code: p.code,
    percentOff: p.percentOff,
    active: p.active,
    createdAt: p.createdAt ?? null,
    startsOn: rules.startsOn,
    endsOn: rules.endsOn,
    usageLimit: rules.usageLimit,
    oncePerCustomer: rules.oncePerCustomer,
    minimumSubtotal: piastresToEgp(rules.minimumSubtotal),
    category: rules.category,
    uses,
    remainingUses: rules.usageLimit === null ? null : Math.max(0, rules.usageLimit - uses),
  };
}

/** The rules a body sent, for the decider (minimum in piastres); fields not sent are left out. */
export function promoRulesInput(dto: PromoRulesDto): PromoRulesInput {
  const input: PromoRulesInput = {};
  for (const k of ['startsOn', 'endsOn', 'usageLimit', 'oncePerCustomer', 'category'] as const) if (dto[k] !== undefined) input[k] = dto[k];
  if (dto.minimumSubtotal !== undefined) input.minimumSubtotal = dto.minimumSubtotal === null ? null : egpToPiastres(dto.minimumSubtotal);
  return input;
}

export function sendsRules(dto: PromoRulesDto): boolean {
  return Object.keys(promoRulesInput(dto)).length > 0;
}
