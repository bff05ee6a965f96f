import type { DataSource } from 'typeorm';
import { OrderEntity } from '#read-models/order.entity.js';

/** Rows between two anchors: the most a deep page's OFFSET walks past its anchor. */
export const ANCHOR_SPACING = 1000;
/** New orders after the last anchor before the anchors are rebuilt (their validity check counts them). */
const MAX_NEW_ROWS = 4 * ANCHOR_SPACING;

/** An order's place in the (placed_at, id) order: placedAt as PostgreSQL's text, exact to the microsecond. */
export interface PlacementKey {
  placedAt: string;
  id: string;
}

interface Anchor extends PlacementKey {
  /** 0-based rank from the oldest order. */
  rank: number;
}

/**
 * Every ANCHOR_SPACING-th order's key in placement order (oldest first), so any page of the
 * unfiltered list by date starts from the anchor at or before it and skips fewer than
 * ANCHOR_SPACING rows, whatever the page and the shop's size: an OFFSET counted from the start
 * would walk half the table for the middle page.
 *
 * Orders are never deleted and a new order is placed after the ones before it, so the ranks stay
 * exact while every order beyond the last anchor is one of the orders the total gained since:
 * each use checks exactly that (one count over those newest rows, by index) against the total,
 * and rebuilds the anchors when it fails or when those rows grow past MAX_NEW_ROWS. The rebuild is
 * one statement (one snapshot) stepping down the (placed_at, id) index ANCHOR_SPACING rows at a
 * time; concurrent requests share it.
 */
export class PlacementRankAnchors {
  private anchors: Anchor[] = [];
  private building?: Promise<Anchor[]>;

  constructor(private readonly dataSource: DataSource) {}

  /** The anchor at or before asc rank `rank`, when the anchors are exact for a list of `total` orders; undefined when they cannot be made so now. */
  async before(rank: number, total: number): Promise<Anchor | undefined> {
    if (!(await this.exactFor(total))) {
      this.building ??= this.build().finally(() => (this.building = undefined));
      this.anchors = await this.building;
      // The projector may have moved between the total and the rebuild: the next request retries.
      if (!(await this.exactFor(total))) return undefined;
    }
    return this.anchors[Math.min(Math.floor(rank / ANCHOR_SPACING), this.anchors.length - 1)];
  }

  private get table(): string {
    return this.dataSource.getMetadata(OrderEntity).tablePath;
  }

  private async exactFor(total: number): Promise<boolean> {
    const last = this.anchors.at(-1);
    if (!last) return false;
    const newer = total - last.rank - 1;
    if (newer < 0 || newer > MAX_NEW_ROWS) return false;
    const [{ n }] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${this.table} o WHERE (o.placed_at, o.id) > (CAST($1 AS timestamptz), $2) ORDER BY o.placed_at, o.id LIMIT $3) AS newer`,
      [last.placedAt, last.id, MAX_NEW_ROWS + 1],
    );
    return n === newer;
  }

  private async build(): Promise<Anchor[]> {
    const rows: { placed_at: string; id: string; rank: number }[] = await this.dataSource.query(
      `WITH RECURSIVE anchor(placed_at, id, rank) AS (
         (SELECT o.placed_at, o.id, 0 FROM ${this.table} o ORDER BY o.placed_at, o.id LIMIT 1)
         UNION ALL
         SELECT next.placed_at, next.id, anchor.rank + $1
           FROM anchor CROSS JOIN LATERAL (
             SELECT o.placed_at, o.id FROM ${this.table} o
              WHERE (o.placed_at, o.id) > (anchor.placed_at, anchor.id)
              ORDER BY o.placed_at, o.id OFFSET $1 - 1 LIMIT 1) AS next
       )
       SELECT placed_at::text AS placed_at, id, rank FROM anchor ORDER BY rank`,
      [ANCHOR_SPACING],
    );
    return rows.map((r) => ({ placedAt: r.placed_at, id: r.id, rank: Number(r.rank) }));
  }
}
