import { hostname } from 'node:os';
import pg from 'pg';
import { countAliveReplicas, heartbeatReplica, registerReplica, removeReplica } from '#read-models/projector-state/replicas.js';

/** Advisory-lock namespace of projection ownership (the second key is hashtext(name)). */
const OWNERSHIP_LOCK_SPACE = 4243;

/**
 * Each projection is owned by one replica at a time: a session advisory lock held on this
 * dedicated connection. When the owner dies its session ends, PostgreSQL frees the lock,
 * and another replica's next tick (every second) takes it.
 */
export class Ownership {
  private client: pg.Client | undefined;
  private lost = false;

  constructor(private readonly url: string, readonly replicaId: string, private readonly register = true) {}

  /** True when the lock connection broke: every lock is gone; the caller drops what it owned. */
  get connectionLost(): boolean {
    return this.lost || !this.client;
  }

  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: `projector-${this.replicaId}-locks` });
    client.on('error', () => {
      this.lost = true;
    });
    await client.connect();
    this.client = client;
    this.lost = false;
    if (!this.register) return;
    await registerReplica(client, this.replicaId, process.pid, hostname());
  }

  async reconnect(): Promise<void> {
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
    await this.connect();
  }

  /** Heartbeat; answers how many replicas are alive (heartbeat within 5 s), this one included. */
  async heartbeat(): Promise<number> {
    const c = this.need();
    if (this.register) await heartbeatReplica(c, this.replicaId);
    return Math.max(1, await countAliveReplicas(c));
  }

  async tryAcquire(projection: string): Promise<boolean> {
    const { rows } = await this.need().query(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok`, [OWNERSHIP_LOCK_SPACE, projection]);
    return rows[0].ok === true;
  }

  async release(projection: string): Promise<void> {
    await this.need().query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [OWNERSHIP_LOCK_SPACE, projection]);
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    if (!c) return;
    await removeReplica(c, this.replicaId).catch(() => undefined);
    await c.end().catch(() => undefined);
  }

  private need(): pg.Client {
    if (!this.client || this.lost) throw new Error('ownership connection lost');
    return this.client;
  }
}
