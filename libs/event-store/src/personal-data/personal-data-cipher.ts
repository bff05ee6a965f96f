/**
 * Encryption of personal data per data subject, above the event-store port (docs/adr/012): both
 * adapters store the same ciphertext. Before an append, each event's personal fields (declared in
 * libs/domain/src/personal-data/personal-fields.ts) leave its data for one AES-256-GCM envelope,
 * `data.personal`, under the key of the subject they belong to; the subject's opaque id goes to
 * `metadata.subjectId` in plain text, so projections key people by it. On read the fields come
 * back; when the subject's key is gone they come back as their declared erased values and
 * `metadata.personalData` says 'erased': readers never get an exception for it.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { secureRandomBytes } from '#platform/crypto/random-bytes.js';
import {
  isPersonalSnapshot,
  normaliseSubjectIdentifier,
  PERSONAL_FIELDS,
  valueAt,
  type PersonalFieldsOfEvent,
} from '#domain/personal-data/personal-fields.js';
import type { NewEvent, RecordedEvent } from '../event-store.port.js';
import type { KeyStore } from './key-store.js';

export const ENVELOPE_VERSION = 1;

/** The stored form of an event's personal fields. Base64 throughout. */
export interface PersonalEnvelope {
  v: typeof ENVELOPE_VERSION;
  iv: string;
  ct: string;
  tag: string;
}

/** metadata.personalData on a read event whose subject's key no longer exists. */
export const ERASED_PERSONAL_DATA = 'erased';

export class PersonalSnapshotRefused extends Error {
  override readonly name = 'PersonalSnapshotRefused';
  constructor(readonly stream: string) {
    super(`A snapshot of ${stream} would hold personal data in plain text: such snapshots are not taken`);
  }
}

/** An event names a subject (derived from another event) whose key no longer exists: its person was erased. */
export class SubjectKeyGone extends Error {
  override readonly name = 'SubjectKeyGone';
  constructor(readonly subjectId: string) {
    super(`The key of subject ${subjectId} is gone (erased): an event derived from its data is not written`);
  }
}

type Json = Record<string, unknown>;

export class PersonalDataCipher {
  constructor(readonly keys: KeyStore) {}

  /** The events as the log stores them: personal fields encrypted, subject id in metadata. */
  async seal(stream: string, events: readonly NewEvent[]): Promise<NewEvent[]> {
    const out: NewEvent[] = [];
    for (const e of events) {
      if (isPersonalSnapshot(e.type, e.data)) throw new PersonalSnapshotRefused(String((e.data as { stream?: unknown }).stream ?? stream));
      const declared = PERSONAL_FIELDS[e.type];
      if (!declared || isSealed(e.data) || !holdsAny(e.data, declared)) {
        out.push(e);
        continue;
      }
      const { subjectId, key } = await this.subjectOf(e, declared);
      out.push(sealEvent(e, declared, subjectId, key));
    }
    return out;
  }

  /**
   * The subject an event is sealed under. An event derived from another of the same person
   * (OrderPlaced from its CartCheckedOut) names it in metadata.subjectId, copied from its cause:
   * its key is read, with no lookup, so a process that may only read keys (the projector's
   * checkout completion) can write it. A named subject whose key is gone (erased) is refused
   * rather than replaced by a new one. Every other event finds its subject by its identifier.
   */
  private async subjectOf(e: NewEvent, declared: PersonalFieldsOfEvent): Promise<{ subjectId: string; key: Buffer }> {
    const named = e.metadata?.subjectId;
    if (typeof named === 'string') {
      const key = this.keys.cachedKey(named) ?? (await this.keys.keysOf([named])).get(named);
      if (!key) throw new SubjectKeyGone(named);
      return { subjectId: named, key };
    }
    const identifier = normaliseSubjectIdentifier(declared.subject.kind, valueAt(e.data, declared.subject.path));
    return this.keys.subjectFor(declared.subject.kind, identifier);
  }

  /** The events as readers see them: personal fields back in place, or erased. */
  async open<E extends RecordedEvent>(events: readonly E[]): Promise<E[]> {
    const subjects: string[] = [];
    for (const e of events) if (isSealed(e.data) && typeof e.metadata?.subjectId === 'string') subjects.push(e.metadata.subjectId);
    if (subjects.length === 0) return events as E[];
    const keys = await this.keys.keysOf(subjects);
    return events.map((e) => (isSealed(e.data) ? openEvent(e, keys.get(String(e.metadata?.subjectId))) : e));
  }

  /** Fetches the keys of a page of events into the key store's cache, in one query. */
  async prefetch(events: readonly RecordedEvent[]): Promise<void> {
    const subjects: string[] = [];
    for (const e of events) if (isSealed(e.data) && typeof e.metadata?.subjectId === 'string') subjects.push(e.metadata.subjectId);
    if (subjects.length > 0) await this.keys.keysOf(subjects);
  }

  /** One event; no I/O when its key is cached (the subscription's hot path, after prefetch). */
  async openOne<E extends RecordedEvent>(e: E): Promise<E> {
    if (!isSealed(e.data)) return e;
    const subjectId = String(e.metadata?.subjectId);
    const cached = this.keys.cachedKey(subjectId);
    if (cached !== undefined) return openEvent(e, cached ?? undefined);
    return openEvent(e, (await this.keys.keysOf([subjectId])).get(subjectId));
  }
}

export function isSealed(data: unknown): data is Json & { personal: PersonalEnvelope } {
  const p = (data as { personal?: { v?: unknown } } | null)?.personal;
  return typeof p === 'object' && p !== null && p.v === ENVELOPE_VERSION;
}

/** A declared field that is null says nothing of anyone: an event holding only such (a status move with no phone or reason) stays plain. */
function holdsAny(data: unknown, declared: PersonalFieldsOfEvent): boolean {
  return declared.fields.some((f) => valueAt(data, f.path) != null);
}

/** The plaintext is the declared fields' values by dotted path; the event id is bound in (moving a ciphertext to another event fails). */
export function sealEvent<E extends NewEvent>(e: E, declared: PersonalFieldsOfEvent, subjectId: string, key: Buffer): E {
  const values: Json = {};
  const data = new PathCopy(e.data as Json);
  for (const f of declared.fields) {
    const value = valueAt(e.data, f.path);
    if (value === undefined) continue;
    values[f.path.join('.')] = value;
    data.remove(f.path);
  }
  const iv = secureRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(e.id, 'utf8'));
  const ct = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  const personal: PersonalEnvelope = { v: ENVELOPE_VERSION, iv: iv.toString('base64'), ct: ct.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
  data.set(['personal'], personal);
  return { ...e, data: data.root, metadata: { ...e.metadata, subjectId } };
}

function openEvent<E extends RecordedEvent>(e: E, key: Buffer | undefined): E {
  const { personal } = e.data as Json & { personal: PersonalEnvelope };
  const declared = PERSONAL_FIELDS[e.type];
  const values = key ? decrypt(personal, key, e.id) : undefined;
  const data = new PathCopy(e.data as Json, true);
  data.remove(['personal']);
  if (values) {
    for (const [dotted, value] of Object.entries(values)) data.set(dotted.split('.'), value);
    return { ...e, data: data.root };
  }
  // No key (destroyed, or never in this key store), or a ciphertext that does not open: erased.
  for (const f of declared?.fields ?? []) data.set(f.path, f.erased);
  return { ...e, data: data.root, metadata: { ...e.metadata, personalData: ERASED_PERSONAL_DATA } };
}

function decrypt(envelope: PersonalEnvelope, key: Buffer, eventId: string): Json | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
    decipher.setAAD(Buffer.from(eventId, 'utf8'));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(envelope.ct, 'base64')), decipher.final()]).toString('utf8');
    const values = JSON.parse(text) as unknown;
    return values && typeof values === 'object' && !Array.isArray(values) ? (values as Json) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A copy of an event's data, edited at paths: each object on the way to an edited path is copied
 * once, however many fields it holds, and everything else is shared with the original, which is
 * never changed. `create` makes a missing (or null) object on the way; otherwise a path through
 * one is left alone, as is a path through a value that is not an object.
 */
class PathCopy {
  readonly root: Json;
  private readonly copies = new Set<Json>();

  constructor(original: Json, private readonly create = false) {
    this.root = { ...original };
    this.copies.add(this.root);
  }

  remove(path: readonly string[]): void {
    const holder = this.holderOf(path);
    if (holder) delete holder[path[path.length - 1]];
  }

  set(path: readonly string[], value: unknown): void {
    const holder = this.holderOf(path);
    if (holder) holder[path[path.length - 1]] = value;
  }

  private holderOf(path: readonly string[]): Json | undefined {
    let node = this.root;
    for (let i = 0; i < path.length - 1; i++) {
      const child = node[path[i]];
      if (!this.copies.has(child as Json)) {
        const copy = this.copyOf(child);
        if (!copy) return undefined;
        this.copies.add(copy);
        node[path[i]] = copy;
      }
      node = node[path[i]] as Json;
    }
    return node;
  }

  /** A copy of an object on the way; a new one for a missing object when creating; undefined when the path stops here. */
  private copyOf(child: unknown): Json | undefined {
    if (child === undefined || child === null) return this.create ? {} : undefined;
    if (typeof child !== 'object' || Array.isArray(child)) return undefined;
    return { ...(child as Json) };
  }
}
