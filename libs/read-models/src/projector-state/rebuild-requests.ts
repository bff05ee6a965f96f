import { RebuildRequestEntity } from '../rebuild-request.entity.js';
import { entityFromRow } from '../table-spec.js';
import type { SqlClient } from './sql-client.js';

/** Every statement on projector.rebuild_requests: the admin page and the CLI ask, the owning replica does. */

const toRequest = (row: Record<string, unknown>) => entityFromRow(RebuildRequestEntity, row);

export async function requestRebuild(db: SqlClient, projection: string): Promise<RebuildRequestEntity> {
  const { rows } = await db.query(`INSERT INTO projector.rebuild_requests (projection) VALUES ($1) RETURNING *`, [projection]);
  return toRequest(rows[0]);
}

/** The newest request of the projection still waiting or building, if any. */
export async function pendingRebuild(db: SqlClient, projection: string): Promise<RebuildRequestEntity | undefined> {
  const { rows } = await db.query(
    `SELECT * FROM projector.rebuild_requests WHERE projection = $1 AND status IN ('requested', 'building') ORDER BY id DESC LIMIT 1`,
    [projection],
  );
  return rows[0] ? toRequest(rows[0]) : undefined;
}

export async function loadRebuildRequest(db: SqlClient, id: string): Promise<RebuildRequestEntity | undefined> {
  const { rows } = await db.query(`SELECT * FROM projector.rebuild_requests WHERE id = $1`, [id]);
  return rows[0] ? toRequest(rows[0]) : undefined;
}

/** Each projection's newest request. */
export async function latestRebuildRequests(db: SqlClient): Promise<RebuildRequestEntity[]> {
  const { rows } = await db.query(`SELECT DISTINCT ON (projection) * FROM projector.rebuild_requests ORDER BY projection, id DESC`);
  return rows.map(toRequest);
}

/** The waiting requests of `projections`, marked building: the caller starts their builds. */
export async function takeRebuildRequests(db: SqlClient, projections: readonly string[]): Promise<RebuildRequestEntity[]> {
  const { rows } = await db.query(
    `UPDATE projector.rebuild_requests SET status = 'building', started_at = now()
      WHERE status = 'requested' AND projection = ANY($1) RETURNING *`,
    [projections],
  );
  return rows.map(toRequest);
}

/** Inside the swap's transaction. */
export async function finishRebuildRequest(db: SqlClient, id: string): Promise<void> {
  await db.query(`UPDATE projector.rebuild_requests SET status = 'done', finished_at = now() WHERE id = $1`, [id]);
}
