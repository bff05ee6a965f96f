/**
 * A person's phone block (`phoneblock-<subjectId>`): blocked with a reason, or not. Blocking again
 * with another reason records the new reason; with the same one, nothing (a retry).
 */
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { assertNever } from '../shared/assert-never.js';
import { BLOCKED_PHONE_MESSAGES, blockedPhoneOf } from './blocked-phone.js';
import type { PhoneBlockCommand } from './commands.js';
import type { PhoneBlocked, PhoneUnblocked } from './events.js';
import { isPhoneBlockReason, type PhoneBlockReason } from './phone-block-reasons.js';

export type PhoneBlockEvent = PhoneBlocked | PhoneUnblocked;

export interface PhoneBlockState {
  blocked: boolean;
  reason: PhoneBlockReason | null;
}

export const initialPhoneBlockState: PhoneBlockState = Object.freeze({ blocked: false, reason: null });

export function decidePhoneBlock(command: PhoneBlockCommand, state: PhoneBlockState): PhoneBlockEvent[] {
  switch (command.type) {
    case 'BlockPhone': {
      const { subjectId, reason, by, now } = command.data;
      const phone = blockedPhoneOf(command.data.phone);
      if (!isPhoneBlockReason(reason)) throw DomainError.validation('BLOCK_REASON_INVALID', `reason: ${BLOCKED_PHONE_MESSAGES.reason}`, { reason: BLOCKED_PHONE_MESSAGES.reason });
      if (state.blocked && state.reason === reason) return [];
      return [{ type: 'PhoneBlocked', data: { subjectId, phone, reason, by, blockedAt: now } }];
    }
    case 'UnblockPhone':
      if (!state.blocked) throw DomainError.notFound('PHONE_NOT_BLOCKED', BLOCKED_PHONE_MESSAGES.notBlocked);
      return [{ type: 'PhoneUnblocked', data: { subjectId: command.data.subjectId, by: command.data.by, unblockedAt: command.data.now } }];
    default:
      return assertNever(command);
  }
}

export function evolvePhoneBlock(state: PhoneBlockState, event: PhoneBlockEvent): PhoneBlockState {
  switch (event.type) {
    case 'PhoneBlocked':
      return { blocked: true, reason: event.data.reason };
    case 'PhoneUnblocked':
      return initialPhoneBlockState;
    default:
      return state;
  }
}

export const phoneBlockDecider: Decider<PhoneBlockCommand, PhoneBlockEvent, PhoneBlockState> = {
  decide: decidePhoneBlock,
  evolve: evolvePhoneBlock,
  initialState: initialPhoneBlockState,
};
