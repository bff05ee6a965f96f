/** Category discounts (`discounts`, one stream): ids are the next integer, as the admin screen shows "#3". */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isBlank, isPercentage, trimmed } from '../shared/validation.js';
import { type Category, isCategory } from '../shop-config.js';
import type { DiscountCommand } from './commands.js';
import { validateDiscountWindow } from './discount-window.js';
import type { DiscountEvent } from './events.js';

export interface Discount {
  discountId: number;
  /** null: applies to every category. */
  category: Category | null;
  percentage: number;
  active: boolean;
  /** First and last shop day it is in force (inclusive), or null: open on that side. */
  startsOn: string | null;
  endsOn: string | null;
}

export interface DiscountsState {
  /** Highest id ever given; ids of deleted discounts are never reused. */
  lastId: number;
  discounts: readonly Discount[];
}

export const initialDiscountsState: DiscountsState = Object.freeze({ lastId: 0, discounts: [] });

// Refusals name their field, as the form's other fields' do (validateDiscountWindow).
const PERCENT_MESSAGE = 'Enter a value between 1 and 100';
const invalidPercent = () => DomainError.validation('DISCOUNT_INVALID_PERCENT', `percentage: ${PERCENT_MESSAGE}`, { percentage: PERCENT_MESSAGE });

function find(state: DiscountsState, discountId: number): Discount {
  const discount = state.discounts.find((d) => d.discountId === discountId);
  if (!discount) throw DomainError.notFound('DISCOUNT_NOT_FOUND', `Discount #${discountId} not found`);
  return discount;
}

export function decideDiscounts(command: DiscountCommand, state: DiscountsState): DiscountEvent[] {
  switch (command.type) {
    case 'CreateDiscount': {
      const { percentage, active } = command.data;
      if (!isPercentage(percentage)) throw invalidPercent();
      let category: Category | null = null;
      if (!isBlank(command.data.category)) {
        const code = trimmed(command.data.category).toUpperCase();
        if (!isCategory(code)) {
          throw DomainError.validation('DISCOUNT_INVALID_CATEGORY', 'category: Please select a valid category', { category: 'Please select a valid category' });
        }
        category = code;
      }
      const window = validateDiscountWindow(command.data);
      return [{ type: 'DiscountCreated', data: { discountId: state.lastId + 1, category, percentage, active: active !== false, ...window } }];
    }
    case 'ChangeDiscount': {
      const current = find(state, command.data.discountId);
      const percentage = command.data.percentage ?? current.percentage;
      const active = command.data.active ?? current.active;
      if (!isPercentage(percentage)) throw invalidPercent();
      if (typeof active !== 'boolean') throw DomainError.validation('DISCOUNT_INVALID_ACTIVE', 'active: Active must be true or false', { active: 'Active must be true or false' });
      const { startsOn, endsOn } = validateDiscountWindow(command.data, current);
      if (percentage === current.percentage && active === current.active && startsOn === current.startsOn && endsOn === current.endsOn) return [];
      return [{ type: 'DiscountChanged', data: { discountId: current.discountId, percentage, active, startsOn, endsOn } }];
    }
    case 'DeleteDiscount':
      find(state, command.data.discountId);
      return [{ type: 'DiscountDeleted', data: { discountId: command.data.discountId } }];
    default:
      return assertNever(command, 'discount command');
  }
}

export function evolveDiscounts(state: DiscountsState, event: DiscountEvent): DiscountsState {
  switch (event.type) {
    case 'DiscountCreated':
      return {
        lastId: Math.max(state.lastId, event.data.discountId),
        discounts: [...state.discounts, { ...event.data, startsOn: event.data.startsOn ?? null, endsOn: event.data.endsOn ?? null }],
      };
    case 'DiscountChanged':
      return {
        ...state,
        discounts: state.discounts.map((d) =>
          d.discountId === event.data.discountId
            ? { ...d, percentage: event.data.percentage, active: event.data.active, startsOn: event.data.startsOn ?? null, endsOn: event.data.endsOn ?? null }
            : d,
        ),
      };
    case 'DiscountDeleted':
      return { ...state, discounts: state.discounts.filter((d) => d.discountId !== event.data.discountId) };
    default:
      return assertNever(event, 'discount event');
  }
}

export const discountsDecider: Decider<DiscountCommand, DiscountEvent, DiscountsState> = {
  decide: decideDiscounts,
  evolve: evolveDiscounts,
  initialState: initialDiscountsState,
};
