/**
 * The spec lets list answers arrive as a bare array or wrapped under data, items, orders,
 * customers or data.items. One reader for all of them keeps the pages free of shape checks.
 */
export function unwrapList<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    const record = answer as Record<string, unknown>;
    for (const key of ['data', 'items', 'orders', 'customers', 'posters', 'subscribers', 'images']) {
      const value = record[key];
      if (Array.isArray(value)) return value as T[];
      if (value && typeof value === 'object' && Array.isArray((value as Record<string, unknown>).items)) {
        return (value as { items: T[] }).items;
      }
    }
  }
  return [];
}
