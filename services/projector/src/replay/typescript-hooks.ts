// Module hooks (node:module register) that let `npm run replay -- --projection file.ts` import
// TypeScript: Node 20 cannot strip types itself (--experimental-strip-types came with Node 22), so
// .ts files are compiled on load with @swc/core, as the build compiles the project's own code.
// Types are only stripped, never checked: `npx tsc` checks the files inside the project.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

type Resolve = (specifier: string, context: { parentURL?: string }) => Promise<{ url: string; format?: string | null; shortCircuit?: boolean }>;
type Load = (url: string, context: { format?: string | null }) => Promise<{ format: string; source?: string | Buffer | null; shortCircuit?: boolean }>;

const TS = /\.[cm]?ts$/;

/** TypeScript's ESM convention names ./helper.ts as './helper.js': try the .ts when the .js is missing. */
export async function resolve(specifier: string, context: { parentURL?: string }, next: Resolve): ReturnType<Resolve> {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (!specifier.startsWith('.') || !specifier.endsWith('.js') || !context.parentURL || !TS.test(context.parentURL)) throw error;
    return next(`${specifier.slice(0, -3)}.ts`, context);
  }
}

export async function load(url: string, context: { format?: string | null }, next: Load): ReturnType<Load> {
  if (!url.startsWith('file:') || !TS.test(url)) return next(url, context);
  let swc: typeof import('@swc/core');
  try {
    swc = await import('@swc/core');
  } catch {
    throw new Error(`${fileURLToPath(url)}: a .ts projection is compiled with @swc/core, a dev dependency that is not installed (npm ci installs it); or pass the compiled .js`);
  }
  const filename = fileURLToPath(url);
  const { code } = await swc.transform(await readFile(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
