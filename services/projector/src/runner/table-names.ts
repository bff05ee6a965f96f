/** Where a projection's tables live for a given target (live, rebuild, time travel). */
export type TableTarget = { kind: 'live' } | { kind: 'build' } | { kind: 'schema'; schema: string };

const IDENT = /^[a-z_][a-z0-9_]*$/;

export function quoteIdent(name: string): string {
  if (!IDENT.test(name)) throw new Error(`unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

export function qualifiedTable(target: TableTarget, base: string): string {
  switch (target.kind) {
    case 'live':
      return `read.${quoteIdent(base)}`;
    case 'build':
      return `read.${quoteIdent(`${base}__build`)}`;
    case 'schema':
      return `${quoteIdent(target.schema)}.${quoteIdent(base)}`;
  }
}
