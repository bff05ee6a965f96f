/**
 * Where the personal-data keys are (docs/adr/012): a PostgreSQL URL (schema `keystore`), or 'off'
 * to store events as written: the benchmarks' baseline, and tests that write a log as the shop
 * did before encryption existed.
 */
export type KeyStoreConfig = { connectionString: string } | 'off';

/** PERSONAL_DATA_ENCRYPTION=off is the benchmarks' baseline; unset or `on` encrypts, with keys in `databaseUrl`. */
export function keyStoreFromEnv(env: NodeJS.ProcessEnv, databaseUrl: string): KeyStoreConfig {
  const mode = (env.PERSONAL_DATA_ENCRYPTION ?? 'on').trim().toLowerCase();
  if (mode === 'off') return 'off';
  if (mode !== 'on') throw new Error(`PERSONAL_DATA_ENCRYPTION must be on or off, got "${env.PERSONAL_DATA_ENCRYPTION}"`);
  return { connectionString: databaseUrl };
}
