import 'reflect-metadata';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import { loadConfig } from '#platform/config/app-config.js';
import { AppModule } from '../app.module.js';
import { createOpenApiDocument } from './openapi-document.js';
import { permissionProblems, type PermissionDocument } from './operation-permissions.js';

/**
 * `npm run openapi`: writes the API's OpenAPI document to web/src/api/openapi.json and the web's
 * client generated from it (@rtk-query/codegen-openapi): endpoints, hooks and types, split in
 * web/src/api/generated-public.ts (the storefront's routes) and web/src/api/generated-admin.ts (the
 * back-office's, loaded only with the lazy admin bundle). With --check it writes nothing and fails
 * when a committed file differs from what the code generates now (a step of `npm test`).
 *
 * The document is built from the controllers and DTOs alone: Nest's preview mode registers the
 * routes without creating providers, so no database or event store is needed.
 */
const DOCUMENT_FILE = 'web/src/api/openapi.json';
/** Each client file and the routes it carries; every route lands in exactly one. */
const CLIENT_FILES: Record<string, (path: string) => boolean> = {
  'web/src/api/generated-public.ts': (route) => /^\/(public|user|health)\b/.test(route) || route === '/gallery',
  'web/src/api/generated-admin.ts': (route) => !CLIENT_FILES['web/src/api/generated-public.ts'](route),
};
const STALE = 'generated client is stale: run npm run openapi';

async function buildDocument(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule.forRoot(loadConfig({})), { preview: true, logger: false, abortOnError: false });
  app.setGlobalPrefix('api');
  try {
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

type Operation = { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

/**
 * One shape per answer: every route names its operation and describes its success response, and
 * every staff route names its permission.
 */
function contractProblems(doc: OpenAPIObject): string[] {
  const problems: string[] = permissionProblems(doc as unknown as PermissionDocument);
  const seen = new Set<string>();
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const where = `${method.toUpperCase()} ${route}`;
      const id = op.operationId ?? '';
      if (!/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${where}: operationId "${id}" is not a camelCase name`);
      else if (seen.has(id)) problems.push(`${where}: operationId "${id}" is used twice`);
      seen.add(id);
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length === 0) problems.push(`${where}: no success response`);
      for (const [status, response] of success) {
        if (status === '204') continue;
        const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((s) => !s)) problems.push(`${where}: response ${status} has no schema`);
      }
    }
  }
  return problems;
}

/** Keys sorted at every level, so the committed document diffs cleanly. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/**
 * The document's paths carry the global prefix (/api/...), which the web's base query already ends
 * in, so the client is generated from the paths without it: every request stays the same URL.
 */
function withoutGlobalPrefix(doc: OpenAPIObject): OpenAPIObject {
  return { ...doc, paths: Object.fromEntries(Object.entries(doc.paths).map(([route, item]) => [route.replace(/^\/api(?=\/)/, ''), item])) };
}

async function generateClient(doc: OpenAPIObject, includes: (route: string) => boolean): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
  try {
    const schemaFile = path.join(dir, 'openapi.json');
    await writeFile(schemaFile, JSON.stringify(withoutGlobalPrefix(doc)));
    const code = await generateEndpoints({
      schemaFile,
      // As imported from web/src/api/generated-*.ts.
      apiFile: '../lib/api',
      apiImport: 'api',
      exportName: 'generatedApi',
      hooks: { queries: true, lazyQueries: true, mutations: true },
      filterEndpoints: (_name, { path: route }) => includes(route),
      // The cart id header is added to every request by the api slice's base query.
      endpointOverrides: [{ pattern: () => true, parameterFilter: (name: string) => name.toLowerCase() !== 'x-cart-id' }],
      useUnknown: true,
      encodePathParams: true,
      flattenArg: true,
    });
    return `// Generated by \`npm run openapi\` from openapi.json (the API's controllers and DTOs). Do not edit.\n${code}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const doc = await buildDocument();
  const problems = contractProblems(doc);
  if (problems.length > 0) {
    console.error(`The OpenAPI document is incomplete:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  const documentText = `${JSON.stringify(sortKeys(doc), null, 2)}\n`;
  const files: Record<string, string> = { [DOCUMENT_FILE]: documentText };
  for (const [file, includes] of Object.entries(CLIENT_FILES)) files[file] = await generateClient(sortKeys(doc) as OpenAPIObject, includes);
  if (check) {
    const stale: string[] = [];
    for (const [file, text] of Object.entries(files)) {
      if ((await readFile(file, 'utf8').catch(() => '')) !== text) stale.push(file);
    }
    if (stale.length > 0) {
      console.error(`${STALE} (${stale.join(', ')} differ)`);
      process.exit(1);
    }
    console.log(`${Object.keys(files).join(', ')} are up to date`);
    return;
  }
  for (const [file, text] of Object.entries(files)) await writeFile(file, text);
  console.log(`wrote ${Object.keys(files).join(', ')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
