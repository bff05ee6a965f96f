/**
 * Promo code aggregate (`promo-<CODE>`). One stream per upper-cased code makes codes unique
 * and case-insensitive without any read model; a deleted code may be created again (same
 * stream, so the handler appends with the loaded revision, not 'no_stream').
 */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isPercentage } from '../shared/validation.js';
import { normalisePromoCode } from '../streams.js';
import type { PromoCodeCommand } from './commands.js';
import type { PromoCodeEvent } from './events.js';
import { isPromoCode } from './promo-code-format.js';
import { NO_PROMO_RULES, promoRulesOf, type PromoRules, validatePromoRules } from './promo-rules.js';

export interface PromoCodeState {
  exists: boolean;
  deleted: boolean;
  code: string;
  percentOff: number;
  active: boolean;
  rules: PromoRules;
}

export const initialPromoCodeState: PromoCodeState = Object.freeze({
  exists: false,
  deleted: false,
  code: '',
  percentOff: 0,
  active: false,
  rules: NO_PROMO_RULES,
});

const RULE_KEYS = Object.keys(NO_PROMO_RULES) as (keyof PromoRules)[];
const sameRules = (a: PromoRules, b: PromoRules) => RULE_KEYS.every((k) => a[k] === b[k]);

/** Only the rules a code has: a code without rules is recorded as before they existed. */
function setRules(rules: PromoRules): Partial<PromoRules> {
  return Object.fromEntries(RULE_KEYS.filter((k) => rules[k] !== NO_PROMO_RULES[k]).map((k) => [k, rules[k]]));
}

export const PROMO_CODE_INVALID = 'Please enter a valid code and discount percentage (1-100)';
export function isLivePromo(state: PromoCodeState): boolean {
  return state.exists && !state.deleted;
}

function requireLive(state: PromoCodeState): void {
  if (!isLivePromo(state)) throw DomainError.notFound('PROMO_CODE_NOT_FOUND', 'Promo code not found');
}

function requirePercent(percentOff: unknown): asserts percentOff is number {
  if (!isPercentage(percentOff)) throw DomainError.validation('PROMO_CODE_INVALID', PROMO_CODE_INVALID);
}

export function decidePromoCode(command: PromoCodeCommand, state: PromoCodeState): PromoCodeEvent[] {
  switch (command.type) {
    case 'CreatePromoCode': {
      const code = normalisePromoCode(typeof command.data.code === 'string' ? command.data.code : '');
      if (!isPromoCode(code)) throw DomainError.validation('PROMO_CODE_INVALID', PROMO_CODE_INVALID);
      requirePercent(command.data.percentOff);
      if (isLivePromo(state)) throw DomainError.conflict('PROMO_CODE_EXISTS', `Promo code ${code} already exists`);
      const rules = validatePromoRules(command.data.rules ?? {});
      return [{ type: 'PromoCodeCreated', data: { code, percentOff: command.data.percentOff, active: command.data.active !== false, ...setRules(rules) } }];
    }
    case 'ActivatePromoCode':
      requireLive(state);
      return state.active ? [] : [{ type: 'PromoCodeActivated', data: { code: state.code } }];
    case 'DeactivatePromoCode':
      requireLive(state);
      return state.active ? [{ type: 'PromoCodeDeactivated', data: { code: state.code } }] : [];
    case 'ChangePromoCodePercent':
      requireLive(state);
      requirePercent(command.data.percentOff);
      return command.data.percentOff === state.percentOff
        ? []
        : [{ type: 'PromoCodePercentChanged', data: { code: state.code, percentOff: command.data.percentOff } }];
    case 'ChangePromoCodeRules': {
      requireLive(state);
      const rules = validatePromoRules(command.data.rules, state.rules);
      return sameRules(rules, state.rules) ? [] : [{ type: 'PromoCodeRulesChanged', data: { code: state.code, ...rules } }];
    }
    case 'DeletePromoCode':
      requireLive(state);
      return [{ type: 'PromoCodeDeleted', data: { code: state.code } }];
    default:
      return assertNever(command, 'promo code command');
  }
}

export function evolvePromoCode(state: PromoCodeState, event: PromoCodeEvent): PromoCodeState {
  switch (event.type) {
    case 'PromoCodeCreated': {
      const { code, percentOff, active } = event.data;
      return { exists: true, deleted: false, code, percentOff, active, rules: promoRulesOf(event.data) };
    }
    case 'PromoCodeRulesChanged': {
      const { code: _code, ...rules } = event.data;
      return { ...state, rules: promoRulesOf(rules) };
    }
    case 'PromoCodeActivated':
      return { ...state, active: true };
    case 'PromoCodeDeactivated':
      return { ...state, active: false };
    case 'PromoCodePercentChanged':
      return { ...state, percentOff: event.data.percentOff };
    case 'PromoCodeDeleted':
      return { ...state, deleted: true, active: false };
    default:
      return assertNever(event, 'promo code event');
  }
}

export const promoCodeDecider: Decider<PromoCodeCommand, PromoCodeEvent, PromoCodeState> = {
  decide: decidePromoCode,
  evolve: evolvePromoCode,
  initialState: initialPromoCodeState,
};
