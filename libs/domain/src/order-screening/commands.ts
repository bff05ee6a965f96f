/** Commands of the fake-order defence; time and the actor arrive in the command. */
import type { StaffActor } from '../admin/staff-actor.js';
import type { DomainCommand } from '../shared/event.js';
import type { OrderToScreen } from './screening-flags.js';
import type { OrderScreeningSettings, OrderScreeningSettingsInput } from './screening-settings.js';

/** phone and reason as the form sent them (validated by the decider). */
export type BlockPhone = DomainCommand<'BlockPhone', { subjectId: string; phone: unknown; reason: unknown; by: StaffActor; now: string }>;
export type UnblockPhone = DomainCommand<'UnblockPhone', { subjectId: string; by: StaffActor; now: string }>;
export type PhoneBlockCommand = BlockPhone | UnblockPhone;

/** Fields not sent keep their value. */
export type ChangeOrderScreeningSettings = DomainCommand<'ChangeOrderScreeningSettings', { settings: OrderScreeningSettingsInput; by: StaffActor; now: string }>;

export type ScreenOrder = DomainCommand<'ScreenOrder', { subjectId: string; order: OrderToScreen; settings: OrderScreeningSettings }>;
