/** Makes a switch over a union exhaustive at compile time; at run time an unknown value is a bug. */
export function assertNever(value: never, what = 'value'): never {
  const shown = typeof value === 'object' && value !== null && 'type' in value ? (value as { type: unknown }).type : value;
  throw new Error(`Unexpected ${what}: ${String(shown)}`);
}
