/** `node dist/services/api/src/demo/seed-demo.cli.js`: run by `npm start` before the API (SEED_DEMO=0 skips it). */
import path from 'node:path';
import { createEventStore, eventStoreConfigFromEnv } from '#event-store/create-event-store.js';
import { seedDemoShop } from './seed-demo.js';

const store = await createEventStore(eventStoreConfigFromEnv());
try {
  const uploadsDir = path.resolve(process.env.UPLOADS_DIR ?? '.data/uploads');
  const result = await seedDemoShop(store, uploadsDir);
  console.log(result.seeded ? `[seed] demo shop seeded: ${result.posters} posters, add-ons, gallery, discount, promo code FOLLOW10` : '[seed] shop already has the demo catalogue');
} finally {
  await store.close();
}
