import { describe, expect, it } from '@jest/globals';
import { describeEventStore, eventStoreIdentity, EventStoreMismatch } from '#event-store/event-store-identity.js';
import { seedPoster } from '../testing/seed-catalogue.js';
import { createTestApp, useTestApp, type TestApp } from '../testing/test-app.js';

describe('the API on a database whose read models another event store built', () => {
  let t: TestApp;
  useTestApp({}, (app) => (t = app));

  it('starts again on the same store, and refuses another once the checkpoints hold positions, saying which', async () => {
    await seedPoster(t.store);
    expect(await t.waitForProjections()).toBe(true);
    const again = await createTestApp({ sameDatabaseAs: t, projector: false });
    await again.close();

    // Nothing listens on port 1: the app must refuse before any call to that store.
    const elsewhere: Record<string, string> =
      t.config.eventStore.kind === 'postgres'
        ? { EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:1?tls=false', EVENTSTORE_NAMESPACE: 'elsewhere.' }
        : { EVENT_STORE: 'postgres' };
    const refused = await createTestApp({ sameDatabaseAs: t, projector: false, env: elsewhere }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EventStoreMismatch);
    expect((refused as Error).message).toContain(
      `This database's read models were built from ${describeEventStore(eventStoreIdentity(t.config.eventStore))}; EVENT_STORE=${elsewhere.EVENT_STORE} points elsewhere`,
    );
    // The app that built them still answers.
    await t.request().get('/api/health').expect(200);
  });
});
