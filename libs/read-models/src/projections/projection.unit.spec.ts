import { describe, expect, it } from '@jest/globals';
import { isShopEventType } from '#domain/shop-event.js';
import { CategoryPosterStateEntity } from '../category-poster-state.entity.js';
import { CategoryEntity } from '../category.entity.js';
import { READ_MODEL_ENTITIES } from '../entities.js';
import { PROJECTION_NAMES, PROJECTION_TABLES } from '../projection-names.js';
import { ALL_PROJECTIONS } from './all-projections.js';
import { keyedProjection } from './keyed-projection.js';
import { defineProjection } from './projection.js';

// The type checks below are enforced by `tsc -p tsconfig.json` (npm test runs it first): each
// `@ts-expect-error` fails the build if its line ever compiles, i.e. if the check stopped working.

defineProjection({
  name: 'misspelt',
  version: 1,
  tables: [],
  // @ts-expect-error an event type outside the ShopEvent union does not compile
  eventTypes: ['OrderPlacd'],
  async handle() {},
});

keyedProjection({
  name: 'misspelt-keyed',
  version: 1,
  // @ts-expect-error keyed projections take ShopEvent types too
  eventTypes: ['PosterCreatd'],
  table: CategoryEntity,
  keyOf: () => 1,
  apply: (row) => row,
});

defineProjection({
  name: 'narrowed',
  version: 1,
  tables: [],
  eventTypes: ['OrderPlaced', 'OrderStatusChanged'],
  async handle(events) {
    for (const e of events) {
      // @ts-expect-error the handler is given only the types it lists
      if (e.type === 'PosterCreated') return;
      // @ts-expect-error a field of an event type it does not list (PosterCreated's posterId)
      void e.data.posterId;
      // Common to both listed types: no cast needed.
      const orderId: string = e.data.orderId;
      if (e.type === 'OrderPlaced') {
        const total: number = e.data.totals.total;
        void [orderId, total];
      } else {
        // @ts-expect-error OrderStatusChanged carries no totals: `e.type` narrowed `e.data`
        void e.data.totals;
      }
    }
  },
});

keyedProjection({
  name: 'narrowed-keyed',
  version: 1,
  eventTypes: ['GalleryImageAdded', 'GalleryImageRemoved'],
  table: CategoryEntity,
  keyOf: (e) => e.data.imageId,
  apply(_row, e) {
    // @ts-expect-error only GalleryImageAdded carries imageUrl
    void e.data.imageUrl;
    return e.type === 'GalleryImageAdded' ? { id: e.data.imageId, url: e.data.imageUrl } : null;
  },
});

describe('defineProjection', () => {
  it('names its tables from the entities: read tables first, then its *_state inputs', () => {
    const p = defineProjection({
      name: 'example',
      version: 3,
      tables: [CategoryEntity],
      stateTables: [CategoryPosterStateEntity],
      eventTypes: ['PosterCreated'],
      async handle() {},
    });
    expect({ name: p.name, version: p.version, eventTypes: p.eventTypes, tables: p.tables, readTables: p.readTables, entities: p.entities }).toEqual({
      name: 'example', version: 3, eventTypes: ['PosterCreated'], tables: ['categories', 'category_posters_state'], readTables: ['categories'],
      entities: [CategoryEntity, CategoryPosterStateEntity],
    });
  });
});

describe('the list of projections', () => {
  it('gives each projection one name and each table one projection', () => {
    expect(new Set(PROJECTION_NAMES).size).toBe(ALL_PROJECTIONS.length);
    const tables = ALL_PROJECTIONS.flatMap((p) => p.tables);
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('derives the names, the tables the API reads and the entity list', () => {
    expect(PROJECTION_NAMES).toEqual(ALL_PROJECTIONS.map((p) => p.name));
    expect(PROJECTION_TABLES.orders).toEqual(['orders', 'order_items', 'order_counts', 'order_notes']);
    expect(PROJECTION_TABLES.dashboard).toEqual(['daily_sales', 'governorate_sales']);
    expect(PROJECTION_TABLES['checkout-completion']).toEqual([]);
    for (const p of ALL_PROJECTIONS) for (const entity of p.entities) expect(READ_MODEL_ENTITIES).toContain(entity);
  });

  it('lists only event types of the shop (checked at run time too, for the log filter)', () => {
    for (const p of ALL_PROJECTIONS) expect(p.eventTypes.filter((t) => !isShopEventType(t))).toEqual([]);
  });
});
