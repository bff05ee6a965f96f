/** Egyptian mobile numbers for the benchmarks' shoppers. */

/** A new phone for every call, from a range of its own per workload (a new person each time: the key store's worst case). */
export type MobilePrefix = '010' | '011' | '012' | '015';

export function newPhones(prefix: MobilePrefix): () => string {
  let n = 0;
  return () => `${prefix}${String(++n).padStart(8, '0')}`;
}

/**
 * The phones of a shop's returning shoppers, in turn: many people checking out at once, as a shop
 * sees them. (One phone for every checkout would measure one person placing hundreds of orders a
 * second, whose checkouts take turns on their own screening stream: budgets allow a phone 10 an hour.)
 */
export function returningPhones(shoppers = 1000, prefix: MobilePrefix = '010'): () => string {
  let n = 0;
  return () => `${prefix}${String((n++ % shoppers) + 1).padStart(8, '0')}`;
}
