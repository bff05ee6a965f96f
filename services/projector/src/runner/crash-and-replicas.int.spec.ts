import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { eventStoreConfigFromEnv } from '#event-store/create-event-store.js';
import { describeEventStore, eventStoreIdentity } from '#event-store/event-store-identity.js';
import type { Position } from '#event-store/event-store.port.js';
import { ALL_PROJECTIONS } from '#read-models/projections/all-projections.js';
import { replayUntil } from '../replay/replay-until.js';
import { appendUnits, createProjectorTestDb, tableChecksums, waitForCheckpoints, type TestDb } from '../testing/projector-test-kit.js';
import { generateShopEvents } from '../testing/shop-event-generator.js';

// These run the real process (dist/services/projector/src/main.js), so kill -9 hits it anywhere,
// mid-batch included. The server code is compiled first (swc, ~1 s), as the build does.
const ALL_TABLES = ALL_PROJECTIONS.flatMap((p) => p.tables);
const children = new Set<ChildProcess>();

beforeAll(() => {
  const r = spawnSync('npx', ['swc', 'libs', 'services', '-d', 'dist', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--only', '**/*.ts', '--quiet'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('swc build failed');
});
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
});

/** The real projector process on the test's database and event store (PostgreSQL's, or its EventStoreDB namespace). */
function startProjector(db: TestDb, replicaId: string): ChildProcess {
  const child = spawn(process.execPath, ['dist/services/projector/src/main.js'], {
    env: { ...process.env, DATABASE_URL: db.url, ...db.storeEnv, PROJECTOR_PORT: '0', PROJECTOR_REPLICA_ID: replicaId, PROJECTOR_BATCH_SIZE: '100', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  return child;
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
    children.delete(child);
  });
}

async function until(db: TestDb, sql: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.pool.query(sql);
    if (rows[0]?.ok) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${sql}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each projection handled each of its events exactly once: events_handled equals their count in the log. */
async function expectExactlyOnce(db: TestDb): Promise<void> {
  for (const p of ALL_PROJECTIONS) {
    const { rows: [cp] } = await db.pool.query(`SELECT events_handled::int AS n FROM projector.checkpoints WHERE projection = $1 AND slot = 'live'`, [p.name]);
    expect({ projection: p.name, handled: cp.n }).toEqual({ projection: p.name, handled: await db.countEvents(p.eventTypes) });
  }
}

async function expectEqualToCleanReplay(db: TestDb): Promise<void> {
  await replayUntil({ store: db.store, pool: db.pool, projections: ALL_PROJECTIONS, schema: 'clean', until: new Date(Date.now() + 3600_000) });
  expect(await tableChecksums(db.pool, 'read', ALL_TABLES)).toEqual(await tableChecksums(db.pool, 'clean', ALL_TABLES));
}

describe('projector process: kill -9 mid-batch, then restart', () => {
  let db: TestDb;
  let head: Position;
  beforeAll(async () => {
    db = await createProjectorTestDb('crash');
    head = (await appendUnits(db.store, generateShopEvents({ events: 20_000, seed: 5, posters: 80 }), 8))!;
  });
  afterAll(() => db?.close());

  it('leaves tables identical to a clean run, each event applied once', async () => {
    const total = await db.countEvents();
    for (const fraction of [0.15, 0.45]) {
      const child = startProjector(db, 'victim');
      // Kill as soon as the checkpoints have moved past the mark: transactions are in flight then.
      await until(db, `SELECT sum(events_handled) > ${Math.floor(total * fraction * 0.4)} AS ok FROM projector.checkpoints`);
      await kill9(child);
    }
    const { rows: [progress] } = await db.pool.query(`SELECT sum(events_handled)::int AS n FROM projector.checkpoints`);
    startProjector(db, 'survivor');
    await waitForCheckpoints(db.pool, PROJECTION_NAMES, head, 90_000);
    const { rows: [after] } = await db.pool.query(`SELECT sum(events_handled)::int AS n FROM projector.checkpoints`);
    expect(after.n).toBeGreaterThan(progress.n); // the restart had work left to do
    await expectExactlyOnce(db);
    await expectEqualToCleanReplay(db);
  });
});

describe('two projector replicas', () => {
  let db: TestDb;
  let head: Position;
  beforeAll(async () => {
    db = await createProjectorTestDb('replicas');
    head = (await appendUnits(db.store, generateShopEvents({ events: 20_000, seed: 9, posters: 80 }), 8))!;
  });
  afterAll(() => db?.close());

  it('share the projections, and when one is killed the other takes its share and finishes', async () => {
    const a = startProjector(db, 'replica-a');
    startProjector(db, 'replica-b');
    // Whoever ticks first takes everything, then gives back the surplus once it sees two replicas.
    // Each takes its share, rounded up: with an odd count one holds one more.
    const [small, large] = [Math.floor(PROJECTION_NAMES.length / 2), Math.ceil(PROJECTION_NAMES.length / 2)];
    await until(
      db,
      `SELECT least(a, b) = ${small} AND greatest(a, b) = ${large} AS ok FROM (SELECT count(*) FILTER (WHERE owner = 'replica-a') AS a,
         count(*) FILTER (WHERE owner = 'replica-b') AS b FROM projector.checkpoints WHERE slot = 'live') shares`,
    );
    const { rows: split } = await db.pool.query(`SELECT owner, count(*)::int AS n FROM projector.checkpoints WHERE slot = 'live' GROUP BY owner ORDER BY n`);
    expect(split.map((r) => r.n)).toEqual([small, large]);
    await kill9(a);
    // replica-a died with work left: some of its projections had not reached the head.
    const { rows: [behind] } = await db.pool.query(
      `SELECT count(*)::int AS n FROM projector.checkpoints WHERE owner = 'replica-a' AND (commit_position, prepare_position) < ($1::bigint, $2::bigint)`,
      [head.commit.toString(), head.prepare.toString()],
    );
    expect(behind.n).toBeGreaterThan(0);
    await waitForCheckpoints(db.pool, PROJECTION_NAMES, head, 90_000);
    await until(db, `SELECT bool_and(owner = 'replica-b') AS ok FROM projector.checkpoints WHERE slot = 'live'`);
    await expectExactlyOnce(db);
    await expectEqualToCleanReplay(db);
  });
});

describe('command lines', () => {
  let db: TestDb;
  let head: Position;
  beforeAll(async () => {
    db = await createProjectorTestDb('cli');
    head = (await appendUnits(db.store, generateShopEvents({ events: 3000, seed: 13, posters: 30 }), 6))!;
  });
  afterAll(() => db?.close());

  function run(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, DATABASE_URL: db.url, ...db.storeEnv, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      children.add(child);
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      child.once('exit', (code) => {
        children.delete(child);
        resolve({ code, stderr });
      });
    });
  }

  it('rebuild <name> with no replica running does the rebuild itself and swaps it in', async () => {
    const replica = startProjector(db, 'only');
    await waitForCheckpoints(db.pool, PROJECTION_NAMES, head);
    const live = await tableChecksums(db.pool, 'read', ['posters', 'poster_discounts_state']);
    await kill9(replica);
    const r = await run('dist/services/projector/src/cli.js', ['rebuild', 'posters']);
    expect(r.stderr).toContain('rebuilt and swapped in');
    expect(r.code).toBe(0);
    expect((await db.pool.query(`SELECT status FROM projector.rebuild_requests`)).rows).toEqual([{ status: 'done' }]);
    expect(await tableChecksums(db.pool, 'read', ['posters', 'poster_discounts_state'])).toEqual(live);
  });

  it('SIGTERM: finishes, gives its projections back and exits 0', async () => {
    const child = startProjector(db, 'polite');
    await until(db, `SELECT count(*) FILTER (WHERE owner = 'polite') = ${PROJECTION_NAMES.length} AS ok FROM projector.checkpoints WHERE slot = 'live'`);
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    children.delete(child);
    expect(code).toBe(0);
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM projector.checkpoints WHERE owner IS NOT NULL`)).rows[0].n).toBe(0);
    expect((await db.pool.query(`SELECT replica_id FROM projector.replicas WHERE replica_id = 'polite'`)).rows).toEqual([]);
  });

  it('replay --until --schema builds the read models as of that time, with a progress bar', async () => {
    const r = await run('dist/services/projector/src/replay.cli.js', ['--until', new Date(Date.now() + 60_000).toISOString(), '--schema', 'analyst']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\[#{30}\] 100\.0%/);
    const { rows: [info] } = await db.pool.query(`SELECT events FROM analyst.replay_info`);
    expect(info.events).toBeGreaterThan(300); // the events some projection handles (cart events are skipped)
    expect(await tableChecksums(db.pool, 'analyst', ['orders', 'customers', 'bestsellers'])).toEqual(await tableChecksums(db.pool, 'read', ['orders', 'customers', 'bestsellers']));
  });

  it('refuses to start on another event store than the one its read models were built from, saying which', async () => {
    const replica = startProjector(db, 'builder');
    await waitForCheckpoints(db.pool, PROJECTION_NAMES, head);
    await kill9(replica);
    const built = eventStoreIdentity(eventStoreConfigFromEnv({ ...db.storeEnv, DATABASE_URL: db.url }));
    // Nothing listens on port 1: the process must stop before it would connect.
    const elsewhere: Record<string, string> =
      built.kind === 'postgres' ? { EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:1?tls=false' } : { EVENT_STORE: 'postgres' };
    const r = await run('dist/services/projector/src/main.js', [], { ...elsewhere, PROJECTOR_PORT: '0', PROJECTOR_REPLICA_ID: 'misconfigured' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`This database's read models were built from ${describeEventStore(built)}; EVENT_STORE=${elsewhere.EVENT_STORE} points elsewhere`);
    expect((await db.pool.query(`SELECT replica_id FROM projector.replicas WHERE replica_id = 'misconfigured'`)).rows).toEqual([]);
    // The rebuild command refuses too: a projection rebuilt from another log would mix two logs' positions.
    const rebuild = await run('dist/services/projector/src/cli.js', ['rebuild', 'posters'], elsewhere);
    expect([rebuild.code, rebuild.stderr]).toEqual([1, expect.stringContaining('points elsewhere')]);
  });

  it('rejects a schema it must not overwrite', async () => {
    const r = await run('dist/services/projector/src/replay.cli.js', ['--until', new Date().toISOString(), '--schema', 'read']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('usage');
  });
});
