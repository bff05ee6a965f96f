/**
 * The decider triple every aggregate exports. decide throws DomainError for a refused command
 * and returns [] when the command changes nothing (idempotent retries append nothing).
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

/** Folds a stream's events into state (what a command handler does after readStream). */
export function evolveAll<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  events: Iterable<Event>,
  state: State = decider.initialState,
): State {
  let current = state;
  for (const event of events) current = decider.evolve(current, event);
  return current;
}

/**
 * Decides several commands in a row against one state, each seeing the previous ones'
 * events (e.g. a PUT that changes details, variants and visibility at once → one append).
 */
export function decideAll<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  commands: Iterable<Command>,
  state: State,
): Event[] {
  const all: Event[] = [];
  let current = state;
  for (const command of commands) {
    const events = decider.decide(command, current);
    current = evolveAll(decider, events, current);
    all.push(...events);
  }
  return all;
}

/**
 * The decider over a list of commands decided in a row (decideAll) on one state, so one request
 * that changes several things (a poster's details, sizes and visibility; a cart line's quantity
 * and size) is one append, all or nothing.
 */
export function decideMany<Command, Event, State>(decider: Decider<Command, Event, State>): Decider<readonly Command[], Event, State> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide: (commands, state) => decideAll(decider, commands, state),
  };
}
