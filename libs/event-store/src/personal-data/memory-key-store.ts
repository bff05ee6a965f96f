import { randomBytes, randomUUID } from 'node:crypto';
import type { SubjectKind } from '#domain/personal-data/personal-fields.js';
import type { KeyStore, Subject } from './key-store.js';

/**
 * Subjects and keys in memory, for tests of what readers get from sealed events (destroying a key
 * is `keys.delete(subjectId)`). The shop's processes use PostgresKeyStore.
 */
export class MemoryKeyStore implements KeyStore {
  readonly subjects = new Map<string, Subject>();
  readonly keys = new Map<string, Buffer>();

  async subjectFor(kind: SubjectKind, identifier: string): Promise<Subject> {
    let s = this.subjects.get(`${kind}:${identifier}`);
    if (!s) {
      s = { subjectId: randomUUID(), key: randomBytes(32) };
      this.subjects.set(`${kind}:${identifier}`, s);
      this.keys.set(s.subjectId, s.key);
    }
    return s;
  }

  async keysOf(ids: readonly string[]): Promise<Map<string, Buffer>> {
    return new Map(ids.filter((id) => this.keys.has(id)).map((id) => [id, this.keys.get(id)!]));
  }

  cachedKey(): undefined {
    return undefined;
  }

  async findSubject(kind: SubjectKind, identifier: string): Promise<string | undefined> {
    return this.subjects.get(`${kind}:${identifier}`)?.subjectId;
  }

  async addLookup(subjectId: string, kind: SubjectKind, identifier: string): Promise<boolean> {
    const existing = this.subjects.get(`${kind}:${identifier}`);
    if (existing) return existing.subjectId === subjectId;
    const key = this.keys.get(subjectId);
    if (!key) return false;
    this.subjects.set(`${kind}:${identifier}`, { subjectId, key });
    return true;
  }

  async destroy(subjectIds: readonly string[]): Promise<number> {
    let destroyed = 0;
    for (const id of new Set(subjectIds)) if (this.keys.delete(id)) destroyed++;
    for (const [lookup, s] of this.subjects) if (subjectIds.includes(s.subjectId)) this.subjects.delete(lookup);
    return destroyed;
  }

  async close(): Promise<void> {}
}
