import { randomUUID } from 'node:crypto';
import { createEventStore, eventStoreConfigFromEnv } from '#event-store/create-event-store.js';
import type { Position } from '#event-store/event-store.port.js';

/**
 * EventStoreDB: a position of the server's log before any event of this namespace (an event
 * appended now in a namespace of its own), so a count reads what the server received since, not
 * every suite's events from the start of the shared log.
 */
export async function markOfSharedLog(storeEnv: Record<string, string>): Promise<Position> {
  const marker = await createEventStore(eventStoreConfigFromEnv({ ...storeEnv, EVENTSTORE_NAMESPACE: `mark-${storeEnv.EVENTSTORE_NAMESPACE}`, PERSONAL_DATA_ENCRYPTION: 'off' }));
  try {
    const metadata = { correlationId: randomUUID(), actor: { kind: 'system' as const, id: 'test-kit' }, occurredAt: new Date().toISOString() };
    return (await marker.append('mark', [{ id: randomUUID(), type: 'TestLogMarked', data: {}, metadata }])).position;
  } finally {
    await marker.close();
  }
}
