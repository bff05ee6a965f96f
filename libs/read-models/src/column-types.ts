import type { ValueTransformer } from 'typeorm';

/**
 * pg returns int8 (bigint) as a string so no precision is lost; our sums of piastres stay far
 * below 2^53, so the entities expose them as numbers.
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? value : Number(value)),
};

/** Log positions stay exact: a checkpoint is compared with the log's positions, never rounded. */
export const bigintExact: ValueTransformer = {
  to: (value: bigint | null | undefined) => (typeof value === 'bigint' ? value.toString() : value),
  from: (value: string | null) => (value === null || value === undefined ? value : BigInt(value)),
};

/** Every read-model table lives in this schema; the projector's own tables in `projector`. */
export const READ_SCHEMA = 'read';
export const PROJECTOR_SCHEMA = 'projector';
