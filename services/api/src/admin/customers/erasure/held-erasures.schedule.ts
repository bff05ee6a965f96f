import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, Position } from '#event-store/event-store.port.js';
import type { PersonalDataErasureHeld } from '#domain/personal-data/events.js';
import { EVENT_STORE } from '../../../common/tokens.js';
import { ErasePersonalDataCommand, subjectRecord, type ErasureOutcome } from './erase-personal-data.handler.js';

const PAGE = 1000;
/** Orders finish by the day (a return window ends, a parcel comes back): a check every few minutes is on time. */
const CHECK_EVERY_MS = 5 * 60_000;

export interface HeldErasuresRun {
  /** Subjects erased now: every order their erasure waited for is finished. */
  erased: string[];
  /** Subjects still held (their hold's expected end updated when it changed). */
  stillHeld: string[];
}

/**
 * Runs each held erasure by itself once the orders it waits for are finished (docs/adr/037): at
 * start and every few minutes, in each API process. Running one twice is harmless (the erasure
 * decider appends once, a hold is recorded again only when its orders or end change).
 */
@Injectable()
export class HeldErasuresSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('HeldErasures');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commandBus: CommandBus,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), CHECK_EVERY_MS);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.runDue()
      .then((run) => run.erased.length > 0 && this.log.log(`ran ${run.erased.length} held erasure(s): their orders are finished`))
      .catch((error: unknown) => this.log.warn(`held erasures not checked: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.running = undefined));
  }

  /** Checks every held erasure once. */
  async runDue(): Promise<HeldErasuresRun> {
    const run: HeldErasuresRun = { erased: [], stillHeld: [] };
    for (const subjectId of await this.heldSubjects()) {
      const { erased, held } = await subjectRecord(this.store, subjectId);
      if (erased || !held) continue;
      const outcome: ErasureOutcome = await this.commandBus.execute(new ErasePersonalDataCommand(subjectId, null, held.reason, { kind: 'system', id: 'held-erasures' }));
      (outcome.hold ? run.stillHeld : run.erased).push(subjectId);
    }
    return run;
  }

  private async heldSubjects(): Promise<string[]> {
    const subjects = new Set<string>();
    let from: Position | undefined;
    for (;;) {
      const page = await this.store.readAll({ fromPosition: from, maxCount: PAGE, filter: { eventTypes: ['PersonalDataErasureHeld'] } });
      for (const e of page) subjects.add((e.data as PersonalDataErasureHeld['data']).subjectId);
      if (page.length < PAGE) return [...subjects];
      from = page[page.length - 1].position;
    }
  }
}
