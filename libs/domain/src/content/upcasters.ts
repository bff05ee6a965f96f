/**
 * AnnouncementChanged schema 1 → 2. Schema 1 had one text, in whatever language the admin wrote;
 * schema 2 keeps the default (English) text beside the Arabic one. A schema-1 text in Arabic
 * letters is the Arabic text, never taken for English.
 */
import { splitByScript } from '../shared/script-language.js';
import type { AnnouncementChanged } from './events.js';

export type AnnouncementChangedDataV1 = Omit<AnnouncementChanged['data'], 'textAr'>;

export function upcastAnnouncementChangedV1(data: AnnouncementChangedDataV1): AnnouncementChanged['data'] {
  if (typeof data !== 'object' || data === null) return data;
  const current = data as AnnouncementChanged['data'];
  const split = splitByScript(current.text, current.textAr);
  return split ? { ...current, text: split.text, textAr: split.arabic } : current;
}
