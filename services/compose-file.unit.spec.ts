import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * docker-compose.yml and services/Dockerfile, checked by reading them: no Docker engine runs
 * where this project is built, so these are the properties of the production topology that can be
 * known without running it. The README's "Production topology" lists the same ones.
 */

interface Service {
  image?: string;
  build?: { target?: string };
  restart?: string;
  environment?: Record<string, string>;
  ports?: Array<string | { published?: string | number; host_ip?: string }>;
  volumes?: Array<string | { source?: string; target?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: Record<string, { condition?: string }>;
}

const root = path.resolve(import.meta.dirname, '..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const dockerfile = readFileSync(path.join(root, 'services/Dockerfile'), 'utf8');
const services = Object.entries(compose.services);

function mounts(s: Service): Array<{ source: string; target: string }> {
  return (s.volumes ?? []).map((v) => {
    if (typeof v !== 'string') return { source: v.source ?? '', target: v.target ?? '' };
    const [source, target] = v.split(':');
    return { source, target };
  });
}

/** The host address a published port binds: "127.0.0.1:2113:2113" → 127.0.0.1; "8080:80" → all interfaces. */
function hostAddress(p: string | { host_ip?: string }): string {
  if (typeof p !== 'string') return p.host_ip ?? '0.0.0.0';
  const parts = p.split(':');
  return parts.length >= 3 ? parts[0] : '0.0.0.0';
}

/** A stage of the Dockerfile: from its FROM line to the next. */
function stage(name: string): string {
  const m = new RegExp(`^FROM [^\\n]+ AS ${name}\\n([\\s\\S]*?)(?=^FROM |$(?![\\s\\S]))`, 'm').exec(dockerfile);
  if (!m) throw new Error(`no stage ${name} in services/Dockerfile`);
  return m[1];
}

describe('docker-compose.yml: the production topology', () => {
  it('has the services the README names', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'eventstore', 'postgres', 'projector', 'redis', 'web']);
  });

  it.each(services)('%s restarts when it crashes and has a health check', (_name, s) => {
    expect(['unless-stopped', 'always']).toContain(s.restart);
    expect(s.healthcheck?.disable).not.toBe(true);
    expect(Array.isArray(s.healthcheck?.test) ? s.healthcheck.test.join(' ') : (s.healthcheck?.test ?? '')).toMatch(/\S/);
  });

  it('waits only on services that have a health check to wait for', () => {
    for (const [, s] of services) {
      for (const [dependency, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect(compose.services[dependency]).toBeDefined();
        if (condition === 'service_healthy') expect(compose.services[dependency].healthcheck?.test).toBeDefined();
      }
    }
  });

  it('runs the event log on the KurrentDB long-term-support line, configured and persisted with its own names', () => {
    const log = compose.services.eventstore;
    // 26.0.x is the LTS of 2026 (26.1 and 26.2 are short-term releases): pinned to a patch, not a moving tag.
    expect(log.image).toMatch(/^kurrentplatform\/kurrentdb:26\.0\.\d+$/);
    const variables = Object.keys(log.environment ?? {});
    expect(variables.length).toBeGreaterThan(0);
    expect(variables.filter((v) => !v.startsWith('KURRENTDB_'))).toEqual([]);
    expect(log.environment).toMatchObject({ KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_RUN_PROJECTIONS: 'None' });
    // The data directory on a named volume: without it every restart of the container loses the log.
    const data = mounts(log).find((m) => m.target === '/var/lib/kurrentdb');
    expect(data && compose.volumes).toBeTruthy();
    expect(Object.keys(compose.volumes)).toContain(data!.source);
    // The old product's names configure nothing in KurrentDB: none may remain in any service.
    for (const [, s] of services) {
      expect(mounts(s).filter((m) => m.target.includes('/eventstore'))).toEqual([]);
      expect(Object.keys(s.environment ?? {}).filter((v) => v.startsWith('EVENTSTORE_') && v !== 'EVENTSTORE_CONNECTION_STRING')).toEqual([]);
    }
  });

  it('publishes no port of the log, the database or Redis beyond this host (only the web front is public)', () => {
    for (const [name, s] of services) {
      const publicPorts = (s.ports ?? []).filter((p) => hostAddress(p) !== '127.0.0.1');
      if (name === 'web') expect(publicPorts).toHaveLength(1);
      else expect({ name, publicPorts }).toEqual({ name, publicPorts: [] });
    }
  });

  it('points the apps at the log service, without TLS only because the log is on the private network', () => {
    for (const name of ['api', 'projector']) {
      const env = compose.services[name].environment ?? {};
      expect(env.EVENT_STORE).toBe('eventstoredb');
      expect(new URL(env.EVENTSTORE_CONNECTION_STRING.replace(/^esdb:/, 'http:')).hostname).toBe('eventstore');
    }
  });

  it('requires every password and secret instead of defaulting it', () => {
    const references = [...composeText.matchAll(/\$\{([A-Z_]*(?:PASSWORD|SECRET)[A-Z_]*)(:?[-?+])?[^}]*\}/g)];
    expect(references.map((m) => m[1])).toEqual(expect.arrayContaining(['POSTGRES_PASSWORD', 'ADMIN_PASSWORD', 'JWT_SECRET']));
    for (const m of references) expect({ variable: m[1], form: m[2] }).toEqual({ variable: m[1], form: ':?' });
    expect(compose.services.postgres.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('keeps uploads and exports on named volumes the image prepares for its node user', () => {
    const api = compose.services.api;
    const env = api.environment ?? {};
    const apiStage = stage('api');
    for (const variable of ['UPLOADS_DIR', 'EXPORTS_DIR']) {
      const dir = env[variable];
      expect(dir).toMatch(/^\/data\//);
      const mount = mounts(api).find((m) => m.target === dir);
      expect({ variable, named: Object.keys(compose.volumes).includes(mount?.source ?? '') }).toEqual({ variable, named: true });
      // A named volume copies the owner of its mount point from the image on first use.
      expect(apiStage).toMatch(new RegExp(`mkdir -p [^\\n]*${dir}`));
      expect(apiStage).toMatch(new RegExp(`chown node:node [^\\n]*${dir}`));
    }
    expect(apiStage.trimEnd().split('\n').filter((l) => l.startsWith('USER ')).pop()).toBe('USER node');
  });

  it('builds on a Node line still supported, no older than the one the README requires', () => {
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)[-\w.]*/gm)].map((m) => Number(m[1]));
    expect(majors.length).toBeGreaterThan(0);
    // Supported LTS lines: 22 (to April 2027) and 24 (to April 2028); 20 ended in April 2026.
    for (const major of majors) expect([22, 24]).toContain(major);
  });
});
