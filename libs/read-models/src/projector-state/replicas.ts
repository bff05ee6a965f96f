import type { SqlClient } from './sql-client.js';

/** Every statement on projector.replicas: who runs, for the fair share of projections and for health. */

/** A replica counts as alive while its heartbeat is younger than this. */
const ALIVE = `interval '5 seconds'`;

export async function registerReplica(db: SqlClient, replicaId: string, pid: number, host: string): Promise<void> {
  await db.query(
    `INSERT INTO projector.replicas (replica_id, pid, host, started_at, heartbeat_at) VALUES ($1, $2, $3, now(), now())
     ON CONFLICT (replica_id) DO UPDATE SET pid = EXCLUDED.pid, host = EXCLUDED.host, started_at = now(), heartbeat_at = now()`,
    [replicaId, pid, host],
  );
}

/** Records the heartbeat and forgets replicas silent for ten minutes. */
export async function heartbeatReplica(db: SqlClient, replicaId: string): Promise<void> {
  await db.query(`UPDATE projector.replicas SET heartbeat_at = now() WHERE replica_id = $1`, [replicaId]);
  await db.query(`DELETE FROM projector.replicas WHERE heartbeat_at < now() - interval '10 minutes'`);
}

export async function countAliveReplicas(db: SqlClient): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM projector.replicas WHERE heartbeat_at > now() - ${ALIVE}`);
  return rows[0].n as number;
}

export async function removeReplica(db: SqlClient, replicaId: string): Promise<void> {
  await db.query(`DELETE FROM projector.replicas WHERE replica_id = $1`, [replicaId]);
}

/**
 * The database's clock, and since when a projector replica (heartbeat in the last 10 s) has been
 * up: compared with the checkpoints' updated_at, so a drifting API clock cannot invent a stall.
 */
export async function projectorClock(db: SqlClient): Promise<{ now: Date; projectorUpSince: Date | null }> {
  const { rows } = await db.query(
    `SELECT now() AS now, (SELECT min(started_at) FROM projector.replicas WHERE heartbeat_at > now() - interval '10 seconds') AS up_since`,
  );
  return { now: new Date(rows[0].now as Date), projectorUpSince: rows[0].up_since ? new Date(rows[0].up_since as Date) : null };
}
