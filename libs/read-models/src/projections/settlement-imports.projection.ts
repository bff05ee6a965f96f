import { SETTLEMENT_OUTCOMES, type SettlementOutcome } from '#domain/courier/settlement-import.js';
import { SettlementImportEntity } from '../settlement-import.entity.js';
import { tableSpec } from '../table-spec.js';
import { loadRows, upsertRows, type Row } from './bulk-sql.js';
import { occurredAt } from './event-time.js';
import { defineProjection } from './projection.js';

const IMPORTS_TABLE = tableSpec(SettlementImportEntity);

const isOutcome = (value: unknown): value is SettlementOutcome => (SETTLEMENT_OUTCOMES as readonly unknown[]).includes(value);

/**
 * A settlement import's progress, for the page that shows "applied N of M": its lines per outcome
 * as decided (SettlementImported), the lines to apply, and how many of those the settlement
 * reactor has recorded on their orders (SettlementLineRecorded), each moving to its final outcome.
 */
export const settlementImportsProjection = defineProjection({
  name: 'settlement-imports',
  version: 1,
  tables: [SettlementImportEntity],
  eventTypes: ['SettlementImported', 'SettlementLineRecorded'],
  async handle(events, ctx) {
    const ids = events.map((e) => String(e.data.importId));
    const rows = new Map<string, Row>();
    for (const [id, row] of await loadRows(ctx, IMPORTS_TABLE, ids)) rows.set(id, row);
    const changed = new Set<string>();
    for (const e of events) {
      const importId = String(e.data.importId);
      if (e.type === 'SettlementImported') {
        if (rows.has(importId)) continue;
        const lines = Array.isArray(e.data.lines) ? e.data.lines : [];
        const counts = Object.fromEntries(SETTLEMENT_OUTCOMES.map((o) => [o, 0]));
        // Lines to apply count under their outcome once the reactor records what became of them.
        for (const l of lines) if (isOutcome(l?.outcome) && l.outcome !== 'applied') counts[l.outcome]++;
        rows.set(importId, {
          import_id: importId, courier_id: String(e.data.courier?.courierId ?? ''), file_hash: String(e.data.fileHash ?? ''), imported_at: occurredAt(e),
          lines: lines.length, to_apply: lines.filter((l) => l?.outcome === 'applied').length, done: 0, ...counts,
        });
      } else {
        const row = rows.get(importId);
        // A line recorded for an import this projection never saw has no row to move.
        if (!row || !isOutcome(e.data.outcome)) continue;
        row.done = Number(row.done) + 1;
        row[e.data.outcome] = Number(row[e.data.outcome]) + 1;
      }
      changed.add(importId);
    }
    await upsertRows(ctx, IMPORTS_TABLE, [...changed].map((id) => rows.get(id)!));
  },
});
