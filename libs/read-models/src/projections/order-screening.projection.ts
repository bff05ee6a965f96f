import { isPhoneBlockReason } from '#domain/order-screening/phone-block-reasons.js';
import { SCREENING_FLAGS } from '#domain/order-screening/screening-flags.js';
import { BlockedPhoneEntity } from '../blocked-phone.entity.js';
import { ScreenedOrderEntity } from '../screened-order.entity.js';
import { tableSpec } from '../table-spec.js';
import { deleteRows, upsertRows, type Row } from './bulk-sql.js';
import { isoInstant, occurredAt } from './event-time.js';
import { defineProjection } from './projection.js';
import { recordedStaffActor } from './staff-actor-of.js';

const [SCREENED_TABLE, BLOCKED_TABLE] = [ScreenedOrderEntity, BlockedPhoneEntity].map(tableSpec);

/** Ids the server writes are UUIDs and order numbers; longer text a hand-written event carries is clipped (a b-tree entry has a size limit). */
const KEY_LENGTH = 200;
const key = (value: unknown): string => String(value ?? '').slice(0, KEY_LENGTH);
const KNOWN_FLAGS: ReadonlySet<string> = new Set(SCREENING_FLAGS);

/**
 * The fake-order defence's read side: each screened order's flags (screened_orders, for the call
 * queue and the order page) and the blocked phones with who blocked them, why and when
 * (blocked_phones, the owner's list). Rows follow the log only: a lifted block is removed.
 */
export const orderScreeningProjection = defineProjection({
  name: 'order-screening',
  version: 1,
  tables: [ScreenedOrderEntity, BlockedPhoneEntity],
  eventTypes: ['OrderScreened', 'PhoneBlocked', 'PhoneUnblocked'],
  async handle(events, ctx) {
    const screened = new Map<string, Row>();
    /** subject → its block, or null: lifted within the batch. */
    const blocks = new Map<string, Row | null>();
    for (const e of events) {
      if (e.type === 'OrderScreened') {
        const d = e.data;
        const flags = Array.isArray(d.flags) ? d.flags.filter((f: unknown) => typeof f === 'string' && KNOWN_FLAGS.has(f)) : [];
        screened.set(key(d.orderId), { order_id: key(d.orderId), subject_id: key(d.subjectId), flags, duplicate_of: typeof d.duplicateOf === 'string' ? key(d.duplicateOf) : null });
      } else if (e.type === 'PhoneBlocked') {
        const d = e.data;
        const by = recordedStaffActor(d.by);
        blocks.set(key(d.subjectId), {
          subject_id: key(d.subjectId),
          phone: String(d.phone ?? ''),
          reason: isPhoneBlockReason(d.reason) ? d.reason : 'OTHER',
          blocked_by: by.username,
          blocked_by_role: by.role,
          blocked_at: isoInstant(d.blockedAt) ?? occurredAt(e),
        });
      } else {
        blocks.set(key(e.data.subjectId), null);
      }
    }
    await upsertRows(ctx, SCREENED_TABLE, [...screened.values()]);
    await upsertRows(ctx, BLOCKED_TABLE, [...blocks.values()].filter((r): r is Row => r !== null));
    await deleteRows(ctx, BLOCKED_TABLE, [...blocks].filter(([, r]) => r === null).map(([subject]) => subject));
  },
  // The person's phone leaves the list with them; without their subject the block could not hold anyway.
  async erase(e, ctx) {
    await ctx.sql(`DELETE FROM ${ctx.table(BLOCKED_TABLE.name)} WHERE subject_id = $1`, [e.data.subjectId]);
  },
});
