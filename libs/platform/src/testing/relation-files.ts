import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rowsAs } from './started-stack.js';

const PAGE = 8192;

export type PagePart = 'pages' | 'freed space';

export interface FoundInFile {
  relation: string;
  secret: string;
}

/**
 * After a CHECKPOINT, the bytes of every table, TOAST table and index outside PostgreSQL's own
 * catalogs (as the server keeps them under its data directory, every segment): where any secret
 * is, in any case. Needs a superuser URL on a server whose files this process may read.
 * `pages` reads every row, line pointer and special area of each page, live or dead, and leaves
 * out the hole between pd_lower and pd_upper: freed space, whose old bytes stay until a new row
 * is written over them. `freed space` reads only those holes.
 */
export async function scanRelationFiles(url: string, secrets: readonly string[], part: PagePart = 'pages'): Promise<FoundInFile[]> {
  await rowsAs(url, 'CHECKPOINT');
  const [{ dir }] = await rowsAs<{ dir: string }>(url, `SELECT current_setting('data_directory') AS dir`);
  const relations = await rowsAs<{ relation: string; file: string }>(url, `
    SELECT c.oid::regclass::text AS relation, pg_relation_filepath(c.oid) AS file FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 't', 'i', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_relation_filepath(c.oid) IS NOT NULL`);
  const found: FoundInFile[] = [];
  for (const { relation, file } of relations) {
    const base = path.join(dir, file);
    const segment = new RegExp(`^${path.basename(base)}\\.\\d+$`);
    const files = [base, ...readdirSync(path.dirname(base)).filter((f) => segment.test(f)).map((f) => path.join(path.dirname(base), f))];
    const text = files.filter((f) => existsSync(f)).map((f) => pagePart(readFileSync(f), part).toString('latin1')).join('').toLowerCase();
    for (const secret of secrets) if (text.includes(secret.toLowerCase())) found.push({ relation, secret });
  }
  return found;
}

/** A relation file with each page's hole (pd_lower..pd_upper of PostgreSQL's standard page layout) blanked, or only the holes kept. */
function pagePart(file: Buffer, part: PagePart): Buffer {
  const out = Buffer.from(file);
  for (let at = 0; at + PAGE <= out.length; at += PAGE) {
    const lower = out.readUInt16LE(at + 12);
    const upper = out.readUInt16LE(at + 14);
    const special = out.readUInt16LE(at + 16);
    const standard = lower >= 24 && lower <= upper && upper <= special && special <= PAGE;
    if (part === 'pages') {
      if (standard) out.fill(0, at + lower, at + upper);
    } else {
      out.fill(0, at, standard ? at + lower : at + PAGE);
      if (standard) out.fill(0, at + upper, at + PAGE);
    }
  }
  return out;
}
