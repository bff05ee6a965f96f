import { comparePositions, type Position } from '#event-store/event-store.port.js';

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}

export function minPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) <= 0 ? a : b;
}

export function positionFromRow(row: { commit_position: string | number; prepare_position: string | number }): Position {
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}
