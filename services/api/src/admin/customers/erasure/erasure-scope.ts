import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { normaliseEgyptianPhone } from '#domain/checkout/egyptian-phone.js';
import { normaliseSubjectIdentifier } from '#domain/personal-data/personal-fields.js';
import type { KeyStore } from '#event-store/personal-data/key-store.js';
import type { SubjectOrder } from '../../../reads/orders.reads.js';

/** What erasing one data subject touches, found before anything is erased (the confirmation lists it). */
export interface ErasureScope {
  subjectId: string;
  orders: SubjectOrder[];
  /** Subjects of the newsletter addresses the shopper gave at checkout and that are still known. */
  newsletterSubjectIds: string[];
  /** Storage keys of the custom-poster photos on those orders (custom/<id>.jpg). */
  uploads: string[];
  /** Export files (names in the exports folder) that hold any of it. */
  exports: string[];
}

/** The newsletter subjects of the e-mails on these orders (erasing a shopper erases the addresses they gave). */
export async function newsletterSubjectsOf(keys: KeyStore, orders: readonly SubjectOrder[]): Promise<string[]> {
  const emails = new Set(orders.map((o) => o.email).filter((e): e is string => !!e).map((e) => normaliseSubjectIdentifier('email', e)));
  const found: string[] = [];
  for (const email of emails) {
    const id = await keys.findSubject('email', email);
    if (id) found.push(id);
  }
  return found;
}

/** /uploads/custom/ab.jpg → custom/ab.jpg; only shoppers' uploads (never the catalogue's images). */
export function uploadKeys(orders: readonly SubjectOrder[]): string[] {
  const keys = new Set<string>();
  for (const o of orders) for (const url of o.uploads) if (/^\/uploads\/custom\/[^/]+$/.test(url)) keys.add(url.slice('/uploads/'.length));
  return [...keys];
}

/**
 * What identifies the subject in a file: their subject id, order ids and numbers, phones (as
 * stored, normalised, and without the leading 0) and e-mails. An export of orders names the order
 * number and phone, one of the event log names the subject and order ids, a newsletter list the
 * e-mail.
 */
export function needlesOf(subjectId: string, orders: readonly SubjectOrder[], extraIds: readonly string[] = []): string[] {
  const needles = new Set<string>([subjectId, ...extraIds]);
  for (const o of orders) {
    needles.add(o.id);
    needles.add(o.orderNumber);
    for (const phone of [o.phone, normaliseEgyptianPhone(o.phone) ?? '']) {
      if (phone.length < 8 || phone.startsWith('[')) continue; // an erased phone names no one
      needles.add(phone);
      if (phone.startsWith('0')) needles.add(phone.slice(1));
    }
    if (o.email) needles.add(o.email.toLowerCase());
  }
  return [...needles].filter((n) => n.length > 0);
}

/** Export files (and unfinished .part ones) holding any needle, case-insensitively. */
export async function exportsHolding(exportsDir: string, needles: readonly string[]): Promise<string[]> {
  const lowered = needles.map((n) => n.toLowerCase());
  const holding: string[] = [];
  for (const name of (await readdir(exportsDir).catch(() => [] as string[])).sort()) {
    if (!/\.(csv|ndjson)(\.part)?$/.test(name)) continue;
    const text = (await readFile(path.join(exportsDir, name), 'utf8').catch(() => '')).toLowerCase();
    if (lowered.some((n) => text.includes(n))) holding.push(name);
  }
  return holding;
}
