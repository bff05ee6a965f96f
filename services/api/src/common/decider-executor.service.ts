import { Inject, Injectable } from '@nestjs/common';
import type { Registry } from 'prom-client';
import type { EventStore } from '#event-store/event-store.port.js';
import { counter } from '#platform/metrics/metrics.js';
import type { Decider } from '#domain/shared/decider.js';
import { executeDecider, loadAggregate, type ExecuteOptions, type ExecuteResult } from './execute-decider.js';
import { FoldCache } from './fold-cache.js';
import { KeyedMutex } from './keyed-mutex.js';
import { EVENT_STORE, METRICS_REGISTRY } from './tokens.js';

/** executeDecider bound to the app's event store, metrics and fold cache: what command handlers inject. */
@Injectable()
export class DeciderExecutor {
  private readonly commands;
  private readonly conflicts;
  private readonly folds = new FoldCache();
  private readonly turns = new KeyedMutex();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(METRICS_REGISTRY) registry: Registry,
  ) {
    this.commands = counter(registry, { name: 'api_commands_total', help: 'Commands decided, by type and outcome', labelNames: ['command', 'outcome'] });
    this.conflicts = counter(registry, { name: 'api_command_conflicts_total', help: 'Concurrent-append conflicts, by whether the command was retried', labelNames: ['retried'] });
  }

  /**
   * inTurn: commands on this stream from this process run one at a time, in arrival order, instead
   * of colliding on the expected revision and retrying in a storm: for a stream many requests write
   * at once (one person's screening, a popular promo code). Replicas still race, and `retries`
   * handles that.
   */
  execute<State, Command, Event extends { type: string; data: unknown }>(
    options: ExecuteOptions<State, Command, Event> & { inTurn?: boolean },
  ): Promise<ExecuteResult<State, Event>> {
    const run = () =>
      executeDecider(this.store, options, {
        onConflict: (_stream, willRetry) => this.conflicts.inc({ retried: String(willRetry) }),
        onExecuted: (command, outcome) => this.commands.inc({ command, outcome }),
      }, this.folds);
    return options.inTurn ? this.turns.run(options.stream, run) : run();
  }

  /** Forgets the folds of these streams (their person was erased): the next load reads them again. */
  forget(streams: readonly string[]): void {
    for (const stream of streams) this.folds.forget(stream);
  }

  load<State, Event extends { type: string; data: unknown }>(stream: string, decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>) {
    return loadAggregate(this.store, stream, decider, this.folds);
  }
}
