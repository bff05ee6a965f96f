import { EventStoreMismatch, sameEventStore, type EventStoreIdentity } from '#event-store/event-store-identity.js';
import type { SqlClient } from './sql-client.js';

/**
 * Every statement on projector.event_store_identity. The projector and the API call this at
 * start, after the migrations. The first start records the configured store (so does the first
 * start of a database built before the table existed: its store is taken on trust). Later
 * starts must name the same store while any checkpoint has moved past the start of the log;
 * with none moved, nothing was built from the recorded store and the configured one replaces it.
 * Throws EventStoreMismatch otherwise.
 */
export async function assertEventStoreIdentity(db: SqlClient, configured: EventStoreIdentity): Promise<void> {
  const values = [configured.kind, configured.hosts, configured.namespace];
  await db.query(`INSERT INTO projector.event_store_identity (kind, hosts, namespace) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, values);
  const { rows } = await db.query(
    `SELECT kind, hosts, namespace,
            EXISTS (SELECT 1 FROM projector.checkpoints WHERE (commit_position, prepare_position) > (-1, -1)) AS built
       FROM projector.event_store_identity`,
  );
  const row = rows[0];
  const recorded: EventStoreIdentity = { kind: row.kind as EventStoreIdentity['kind'], hosts: row.hosts as string[], namespace: row.namespace as string };
  if (sameEventStore(recorded, configured)) return;
  if (row.built) throw new EventStoreMismatch(recorded, configured);
  await db.query(`UPDATE projector.event_store_identity SET kind = $1, hosts = $2, namespace = $3, recorded_at = now()`, values);
}
