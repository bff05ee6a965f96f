/**
 * Benchmarks run on PostgreSQL as `npm start` and production run it: durable (fsync, synchronous
 * commit and full-page writes on). `--no-durable` or BENCH_DURABLE=0 turns it off for exploration,
 * and every JSON line says which was measured, read from the server itself (so a DATABASE_URL
 * server is reported as it really is).
 */
import pg from 'pg';

export function durableRequested(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): boolean {
  if (argv.includes('--no-durable')) return false;
  return !['0', 'false', 'no'].includes((env.BENCH_DURABLE ?? '').trim().toLowerCase());
}

/** True when the server at `url` commits durably: fsync, synchronous_commit and full_page_writes all on. */
export async function serverIsDurable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One query at a time: a pg client does not run them concurrently.
    for (const name of ['fsync', 'synchronous_commit', 'full_page_writes']) {
      if ((await client.query(`SHOW ${name}`)).rows[0][name] === 'off') return false;
    }
    return true;
  } finally {
    await client.end();
  }
}
