import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// An owner learns what they can set from the README alone: every variable the code reads must be
// a row of one of its environment tables, and every table must render as one (a row with a
// cell too many or too few, or a paragraph inside a table, turns the rows below it into text).

const SCANNED = ['libs', 'services', 'web/src', 'web/scripts', 'web/vite.config.ts', 'bench'];
// Vendure's server is the benchmark's peer, started by bench:api with variables it sets itself.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'e2e', 'vendure']);
// Set by the shell or npm, never by whoever runs the shop.
const NOT_THE_SHOPS = new Set(['PATH', 'NODE_OPTIONS', 'INIT_CWD']);

function sourceFiles(entry: string): string[] {
  if (statSync(entry).isFile()) return [entry];
  return readdirSync(entry, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(entry, d.name);
    if (d.isDirectory()) return SKIPPED_DIRS.has(d.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(d.name) && !/\.(spec|test)\.tsx?$/.test(d.name) ? [full] : [];
  });
}

/** `process.env.X`, `env.X` (a loader's parameter), `env['X']`, `process.env["X"]`: variable → the files reading it. */
function variablesRead(files: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)\b|\[\s*['"]([A-Z][A-Z0-9_]+)['"]\s*\])/g)) {
      const name = (m[1] ?? m[2])!;
      if (NOT_THE_SHOPS.has(name)) continue;
      found.set(name, [...new Set([...(found.get(name) ?? []), file])]);
    }
  }
  return found;
}

interface Table { line: number; header: string[]; rows: { line: number; cells: string[] }[] }

/** Cells of a Markdown table row; a `|` inside backticks or escaped as `\|` is no separator. */
function cellsOf(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let code = false;
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '\\' && inner[i + 1] === '|') { cell += '|'; i++; continue; }
    if (c === '`') code = !code;
    if (c === '|' && !code) { cells.push(cell.trim()); cell = ''; continue; }
    cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** The README's tables whose first column is `variable`, with every line that follows each as a row. */
function environmentTables(readme: string): Table[] {
  const lines = readme.split('\n');
  const tables: Table[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('|') || !/^\|\s*-/.test(lines[i + 1] ?? '') || (i > 0 && lines[i - 1]!.startsWith('|'))) continue;
    const header = cellsOf(lines[i]!);
    if (header[0] !== 'variable') continue;
    const table: Table = { line: i + 1, header, rows: [] };
    for (let j = i + 2; j < lines.length && lines[j]!.startsWith('|'); j++) table.rows.push({ line: j + 1, cells: cellsOf(lines[j]!) });
    tables.push(table);
  }
  return tables;
}

const readme = readFileSync('README.md', 'utf8');
const tables = environmentTables(readme);
const documented = new Set(tables.flatMap((t) => t.rows.flatMap((r) => [...r.cells[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!))));
const read = variablesRead(SCANNED.flatMap(sourceFiles));

describe("the README's environment tables", () => {
  it('find the variables the code reads (the scan works)', () => {
    for (const known of ['DATABASE_URL', 'JWT_SECRET', 'COD_RISK_MIN_REFUSED_RATE', 'BUDGET_CART_COMMANDS', 'LIVE_POLL_MS']) expect(read.has(known)).toBe(true);
    expect(read.size).toBeGreaterThan(100);
  });

  it('are tables to the end: every line of one has as many cells as its header', () => {
    expect(tables.length).toBeGreaterThanOrEqual(2);
    const broken = tables.flatMap((t) => t.rows.filter((r) => r.cells.length !== t.header.length).map((r) => `line ${r.line}: ${r.cells.length} cells, not ${t.header.length}`));
    expect(broken).toEqual([]);
  });

  it('are not cut by a paragraph: no line right after a table starts with a backticked variable', () => {
    const lines = readme.split('\n');
    const cut = tables.flatMap((t) => {
      const after = t.line + 1 + t.rows.length;
      // The next lines up to the first blank one, then the one after it: a row left below a paragraph.
      const rest = lines.slice(after).join('\n').split('\n\n').slice(0, 2).join('\n').split('\n');
      return rest.filter((l) => /^\|\s*`[A-Z]/.test(l)).map((l) => `below the table at line ${t.line}: ${l.slice(0, 60)}`);
    });
    expect(cut).toEqual([]);
  });

  it('name every variable the code reads', () => {
    const missing = [...read].filter(([name]) => !documented.has(name)).map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('count a cut table: rows below a paragraph are no rows of it', () => {
    const broken = '| variable | default | meaning |\n|---|---|---|\n| `A_B` | 1 | x |\nA paragraph.\n| `C_D` | 2 | y |\n';
    const [t] = environmentTables(broken);
    expect(t!.rows.map((r) => r.cells[0])).toEqual(['`A_B`']);
  });

  it('read cells with a backticked or escaped bar as one cell', () => {
    expect(cellsOf('| `A` | `a|b` | c \\| d |')).toEqual(['`A`', '`a|b`', 'c | d']);
  });
});
