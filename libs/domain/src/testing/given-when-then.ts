/**
 * Decider tests read as the rules they check:
 *   given(posterDecider, [created]).when(deletePoster).then([deleted])
 *   given(cartDecider, [checkedOut]).when(addItem).thenThrows('CART_CHECKED_OUT')
 * Uses jest's global expect; only test files import it.
 */
import { type Decider, evolveAll } from '../shared/decider.js';
import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';

export interface When<Command, Event, State> {
  /** Asserts exactly these events (in order); [] means "nothing changes". */
  then(expected: Event[]): Event[];
  /** Asserts a DomainError with this code (and kind, when given); returns it for message checks. */
  thenThrows(code: string, kind?: DomainErrorKind): DomainError;
  /** The state after given + the decided events, for checks on evolve. */
  thenState(check: (state: State, events: Event[]) => void): void;
  readonly command: Command;
}

export interface Given<Command, Event, State> {
  when(command: Command): When<Command, Event, State>;
  readonly state: State;
}

export function given<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  events: Event[] = [],
): Given<Command, Event, State> {
  const state = evolveAll(decider, events);
  return {
    state,
    when(command) {
      return {
        command,
        then(expected) {
          const actual = decider.decide(command, state);
          expect(actual).toEqual(expected);
          return actual;
        },
        thenThrows(code, kind) {
          let caught: unknown;
          try {
            decider.decide(command, state);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          const error = caught as DomainError;
          expect(error.code).toBe(code);
          if (kind) expect(error.kind).toBe(kind);
          return error;
        },
        thenState(check) {
          const decided = decider.decide(command, state);
          check(evolveAll(decider, decided, state), decided);
        },
      };
    },
  };
}
