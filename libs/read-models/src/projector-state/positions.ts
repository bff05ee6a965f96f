import { comparePositions, type Position } from '#event-store/event-store.port.js';

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}
