import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore, Position } from '#event-store/event-store.port.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { EVENT_STORE, PERSONAL_DATA } from '../../../common/tokens.js';
import { subjectsErasedIn } from './erase-personal-data.handler.js';

const PAGE = 1000;

/**
 * The second half of an erasure, made certain: at start-up the API destroys the key of every
 * subject the log says was erased. Destroying an absent key does nothing, so this is safe every
 * time; it finishes an erasure whose process died between the append and the destroy, and one
 * whose key store was restored from a backup taken before it (docs/adr/012, 014).
 */
@Injectable()
export class ErasedKeysSweep implements OnApplicationBootstrap {
  private readonly log = new Logger('ErasedKeysSweep');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.personalData) return;
    try {
      const destroyed = await sweepErasedKeys(this.store, this.personalData.keys);
      if (destroyed > 0) this.log.warn(`destroyed ${destroyed} key(s) of subjects the log records as erased (an erasure interrupted, or a key store restored)`);
    } catch (e) {
      // The shop still starts: the next start, or the admin erasing again, retries.
      this.log.error(`could not sweep the keys of erased subjects: ${(e as Error).message}`);
    }
  }
}

export async function sweepErasedKeys(store: EventStore, keys: { destroy(ids: readonly string[]): Promise<number> }): Promise<number> {
  let destroyed = 0;
  let from: Position | undefined;
  for (;;) {
    const page = await store.readAll({ fromPosition: from, maxCount: PAGE, filter: { eventTypes: ['PersonalDataErased'] } });
    if (page.length > 0) destroyed += await keys.destroy(subjectsErasedIn(page));
    if (page.length < PAGE) return destroyed;
    from = page[page.length - 1].position;
  }
}
