import { decideAll, type Decider } from '#domain/shared/decider.js';

/**
 * A decider over a list of commands, deciding them in a row on one state: one HTTP call that
 * changes several things (PUT a poster's details, sizes and visibility) appends once, atomically.
 */
export function decideMany<Command, Event, State>(decider: Decider<Command, Event, State>): Decider<readonly Command[], Event, State> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide: (commands, state) => decideAll(decider, commands, state),
  };
}
