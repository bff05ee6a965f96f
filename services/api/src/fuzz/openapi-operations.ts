import fc from 'fast-check';
import { bodyFor, plausible, type SchemaContext, type SchemaObject } from './schema-arbitrary.js';
import {
  dateishText,
  encodeLoose,
  hostileHeaderText,
  hostileJson,
  hostileText,
  malformedJson,
  numberishText,
  preEncodedSegment,
  RAW,
  toHeaderSafe,
  toJsonText,
} from './hostile-values.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export const COMMAND_METHODS: ReadonlySet<Method> = new Set(['post', 'put', 'patch', 'delete']);

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: SchemaObject;
}

interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

export interface Operation {
  method: Method;
  /** As in the document, /api/... with {name} placeholders. */
  path: string;
  parameters: ParameterObject[];
  jsonSchema?: SchemaObject;
  multipartSchema?: SchemaObject;
}

export interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** One line for failure reports. */
  describe: string;
}

export type Identity = 'anonymous' | 'admin';

export interface FuzzContext extends SchemaContext {
  adminToken: () => string;
  expiredAdminToken: () => string;
  /** Real values for a path parameter, by route. */
  knownPathValues(path: string, param: string): string[];
}

/** Every path and method of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      // Header names are case-insensitive; the document lists X-Cart-Id twice.
      const seen = new Set<string>();
      const parameters = (op.parameters ?? []).filter((p) => {
        const key = `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      ops.push({ method, path, parameters, jsonSchema: content['application/json']?.schema, multipartSchema: content['multipart/form-data']?.schema });
    }
  }
  return ops;
}

const DATE_NAMES = /^(date|from$|to$|after$|before$|since$|until$)/i;

/** Query names the list endpoints read without declaring them in the document. */
export const UNDECLARED_QUERY = ['page', 'limit', 'offset', 'status', 'search', 'sort', 'order', 'dateFrom', 'dateTo', 'from', 'to', 'type', 'stream', 'after', 'correlationId', 'category', 'governorate', 'size', 'code', 'method', 'kind', 'q'];

/** A value in a free-form filters object: dates, hostile text, lists of either. */
export const filterValue: fc.Arbitrary<unknown> = fc.oneof(
  dateishText,
  hostileText,
  fc.constantFrom('PLACED', 'SHIPPED', 'CANCELED', 'ALL', 'latest', 'oldest', 'ItemAddedToCart', 'cart-x'),
  fc.array(fc.oneof(dateishText, hostileText), { maxLength: 3 }),
);

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/json; charset=nonsense',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'application/vnd.api+json',
  'application/merge-patch+json',
  '*/*',
  'text/html; charset=utf-8',
  'application/json, text/plain',
  'x',
];

const TINY_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4fa0000000049454e44ae426082', 'hex');

const fileContent: fc.Arbitrary<{ bytes: Buffer; type: string; name: string }> = fc.record({
  bytes: fc.oneof(
    fc.constant(TINY_PNG),
    fc.constant(Buffer.alloc(0)),
    fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
    fc.constant(Buffer.concat([TINY_PNG.subarray(0, 24), Buffer.from('truncated')])),
    fc.constant(Buffer.from('GIF89a<script>alert(1)</script>')),
    fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  ),
  type: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/plain', 'application/octet-stream', '', 'image/png; x=1'),
  name: fc.oneof(fc.constantFrom('p.png', 'a.jpg', '../../etc/passwd', 'x.svg', '.png', 'a'.repeat(300) + '.png', 'résumé.png', 'a"b.png', 'a\r\nb.png'), hostileText.map((s) => toHeaderSafe(s).replace(/"/g, ''))),
});

function multipartBody(fields: Array<[string, string]>, files: Array<{ field: string; bytes: Buffer; type: string; name: string }>, boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n`), Buffer.from(value), Buffer.from('\r\n'));
  }
  for (const f of files) {
    const type = f.type ? `Content-Type: ${f.type}\r\n` : '';
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name.replace(/[\r\n]/g, ' ')}"\r\n${type}\r\n`),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const asFieldText = (v: unknown): string => (typeof v === 'string' ? (v.startsWith(RAW) ? v.slice(RAW.length) : v) : toJsonText(v));

/** A value for a query, path or header parameter, as text. */
function parameterText(p: ParameterObject, ctx: FuzzContext, path: string): fc.Arbitrary<string> {
  const known = p.in === 'path' ? ctx.knownPathValues(path, p.name) : ctx.known(p.name);
  const numeric = p.schema?.type === 'number' || p.schema?.type === 'integer';
  const datelike = DATE_NAMES.test(p.name);
  return fc.oneof(
    { weight: datelike ? 4 : 0, arbitrary: dateishText },
    { weight: known.length ? 4 : 0, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('') },
    { weight: 2, arbitrary: plausible(p.schema, ctx, p.name).map(asFieldText) },
    { weight: 4, arbitrary: hostileText },
    { weight: numeric ? 3 : 1, arbitrary: numberishText },
  );
}

function queryString(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const declared = op.parameters.filter((p) => p.in === 'query');
  const perParam = declared.map((p) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<string[]>([]) },
      { weight: 6, arbitrary: parameterText(p, ctx, op.path).map((v) => [`${encodeLoose(p.name)}=${encodeLoose(v)}`]) },
      // Repeated: Express hands the handler an array where it expects a string.
      { weight: 1, arbitrary: fc.array(parameterText(p, ctx, op.path), { minLength: 2, maxLength: 3 }).map((vs) => vs.map((v) => `${encodeLoose(p.name)}=${encodeLoose(v)}`)) },
      { weight: 1, arbitrary: fc.constantFrom([p.name], [`${p.name}=`], [`${p.name}[]=1`], [`${p.name}[a]=1`]) },
    ),
  );
  const extraName = fc.oneof(fc.constantFrom(...UNDECLARED_QUERY), fc.constantFrom('__proto__', 'constructor', 'a[b]', 'x[]'), hostileText);
  const extraValue = (name: string) => fc.oneof(hostileText, numberishText, ...(DATE_NAMES.test(name) ? [dateishText, dateishText] : []));
  const extras = fc.array(
    fc.tuple(extraName.chain((k) => fc.tuple(fc.constant(k), extraValue(k))), fc.boolean()).map(([[k, v], twice]) => {
      const pair = `${encodeLoose(k)}=${encodeLoose(v)}`;
      return twice ? [pair, pair] : [pair];
    }),
    { maxLength: op.method === 'get' ? 3 : 1 },
  );
  return fc.tuple(fc.tuple(...perParam), extras, fc.integer({ min: 0, max: 19 })).map(([declaredPairs, extraPairs, odd]) => {
    const pairs = [...declaredPairs.flat(), ...extraPairs.flat()];
    if (odd === 0) pairs.push('%zz=%');
    if (odd === 1) pairs.push('&&==&');
    return pairs.length ? '?' + pairs.join('&') : '';
  });
}

function pathArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  if (!names.length) return fc.constant(op.path);
  const segment = (name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name) ?? { name, in: 'path' as const };
    return fc.oneof(
      { weight: 7, arbitrary: parameterText(p, ctx, op.path).map(encodeLoose) },
      { weight: 1, arbitrary: preEncodedSegment },
    );
  };
  return fc.tuple(...names.map(segment)).map((values) => {
    let i = 0;
    return op.path.replace(/\{[^}]+\}/g, () => values[i++]);
  });
}

type Body = { contentType?: string; body?: string | Buffer; note: string };

function bodyArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
  const json = (schema: SchemaObject | undefined) => bodyFor(schema, ctx).map((v): Body => ({ contentType: 'application/json', body: toJsonText(v), note: 'json' }));
  const malformed = malformedJson.map((text): Body => ({ contentType: 'application/json', body: text, note: 'malformed json' }));
  const wrongType = fc
    .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), op.jsonSchema ? bodyFor(op.jsonSchema, ctx) : hostileJson, fc.boolean())
    .map(([contentType, value, asForm]): Body => {
      if (asForm && value && typeof value === 'object' && !Array.isArray(value)) {
        const form = Object.entries(value)
          .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(asFieldText(v))}`)
          .join('&');
        return { contentType, body: form, note: `form as ${contentType}` };
      }
      return { contentType, body: toJsonText(value), note: `json as ${contentType}` };
    });
  const multipart = fc
    .tuple(
      op.multipartSchema || op.jsonSchema ? bodyFor(op.multipartSchema ?? op.jsonSchema, ctx) : hostileJson,
      fc.array(fileContent, { maxLength: op.multipartSchema ? 2 : 1 }),
      fc.constantFrom('file', 'file', 'image', 'files', 'x'),
      fc.constantFrom('fuzzboundary', 'a'.repeat(70), '--', 'é'),
      fc.boolean(),
    )
    .map(([fields, files, fileField, boundary, dropEnd]): Body => {
      const entries: Array<[string, string]> =
        fields && typeof fields === 'object' && !Array.isArray(fields) ? Object.entries(fields).map(([k, v]) => [k, asFieldText(v)]) : [['data', asFieldText(fields)]];
      let body = multipartBody(entries, files.map((f) => ({ ...f, field: fileField })), boundary);
      if (dropEnd) body = body.subarray(0, Math.max(0, body.length - 8));
      return { contentType: `multipart/form-data; boundary=${boundary}`, body, note: `multipart (${files.length} file(s)${dropEnd ? ', truncated' : ''})` };
    });
  // Within the 1 MB limit: the cost of a big body must stay a parse, not an error.
  const huge = fc.tuple(fc.integer({ min: 10_000, max: 900_000 }), fc.constantFrom(...(Object.keys(ctx.resolve(op.jsonSchema?.$ref ?? '')?.properties ?? { text: {} })))).map(
    ([n, key]): Body => ({ contentType: 'application/json', body: toJsonText({ [key]: 'x'.repeat(n) }), note: `huge ${key} (${n} chars)` }),
  );
  const none = fc.constant<Body>({ note: 'no body' });

  if (op.multipartSchema && !op.jsonSchema) {
    return fc.oneof({ weight: 8, arbitrary: multipart }, { weight: 1, arbitrary: wrongType }, { weight: 1, arbitrary: none }, { weight: 1, arbitrary: malformed });
  }
  if (op.jsonSchema) {
    return fc.oneof(
      { weight: 16, arbitrary: json(op.jsonSchema) },
      { weight: 2, arbitrary: malformed },
      { weight: 2, arbitrary: wrongType },
      { weight: op.multipartSchema ? 4 : 1, arbitrary: multipart },
      { weight: 1, arbitrary: none },
      { weight: 1, arbitrary: huge },
    );
  }
  if (COMMAND_METHODS.has(op.method)) {
    return fc.oneof({ weight: 6, arbitrary: none }, { weight: 1, arbitrary: json(undefined) }, { weight: 1, arbitrary: wrongType }, { weight: 1, arbitrary: malformed });
  }
  return none;
}

function authHeader(identity: Identity, ctx: FuzzContext): fc.Arbitrary<string | undefined> {
  if (identity === 'admin') return fc.constant(undefined).map(() => `Bearer ${ctx.adminToken()}`);
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', 'Basic YWRtaW46YWRtaW4=', 'bearer null', 'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiQURNSU4ifQ.'),
        fc.constant(undefined).map(() => `Bearer ${ctx.expiredAdminToken()}`),
        // A real signature on a token with one character changed.
        fc.nat({ max: 200 }).map((i) => {
          const t = ctx.adminToken();
          const at = i % t.length;
          return `Bearer ${t.slice(0, at)}${t[at] === 'A' ? 'B' : 'A'}${t.slice(at + 1)}`;
        }),
        hostileHeaderText.map((s) => `Bearer ${s}`),
      ),
    },
  );
}

const MAYBE_HEADERS: Array<[string, fc.Arbitrary<string>, number]> = [
  // Far-future positions make the read wait: the test app caps that wait (WAIT_FOR_POSITION_MS).
  ['X-Wait-For-Position', hostileHeaderText, 6],
  ['X-Request-Id', hostileHeaderText, 10],
  ['X-Forwarded-For', fc.constantFrom('1.2.3.4', '::1', 'not-an-ip', '1.2.3.4, 5.6.7.8', '999.999.999.999', ''), 20],
  ['Cookie', fc.constantFrom('XSRF-TOKEN=x', 'a=b', '=', 'XSRF-TOKEN=', 'token=x; token=y'), 25],
  ['Accept', fc.constantFrom('text/csv', 'application/xml', '*/*;q=0', 'x'), 20],
  ['Accept-Encoding', fc.constantFrom('gzip', 'br', 'identity;q=0', 'x'), 20],
  // The body is never compressed: the parser must refuse, not crash, when told it is.
  ['Content-Encoding', fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown', 'identity', 'gzip, gzip'), 25],
];

/** One request to this operation, as this identity. */
export function requestArbitrary(op: Operation, identity: Identity, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const headerValues = fc.tuple(
    ...headerParams.map((p) =>
      fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 7, arbitrary: parameterText(p, ctx, op.path).map(toHeaderSafe) }, { weight: 2, arbitrary: hostileHeaderText }),
    ),
  );
  const extraHeaders = fc.tuple(...MAYBE_HEADERS.map(([, value, oneIn]) => fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value })));
  return fc
    .tuple(pathArbitrary(op, ctx), queryString(op, ctx), bodyArbitrary(op, ctx), authHeader(identity, ctx), headerValues, extraHeaders)
    .map(([path, query, body, auth, params, extras]) => {
      const headers: Record<string, string> = {};
      headerParams.forEach((p, i) => {
        if (params[i] !== undefined) headers[p.name] = params[i]!;
      });
      MAYBE_HEADERS.forEach(([name], i) => {
        const applies = name === 'X-Wait-For-Position' ? op.method === 'get' : name === 'Content-Encoding' ? body.body !== undefined : true;
        if (extras[i] !== null && applies) headers[name] = extras[i]!;
      });
      if (auth !== undefined) headers.Authorization = auth;
      if (body.contentType !== undefined) headers['Content-Type'] = body.contentType;
      const url = path + query;
      const shownBody = compact(body.body === undefined ? '' : typeof body.body === 'string' ? body.body : body.body.toString('latin1'));
      const shownHeaders = Object.entries(headers)
        .filter(([k]) => k !== 'Authorization')
        .map(([k, v]) => `${k}: ${JSON.stringify(v.length > 80 ? v.slice(0, 80) + '…' : v)}`)
        .join('; ');
      return {
        method: op.method,
        url,
        headers,
        body: body.body,
        describe: `${op.method.toUpperCase()} ${url.length > 300 ? url.slice(0, 300) + '…' : url} [${identity}${auth && identity === 'anonymous' ? ', bad token' : ''}] {${shownHeaders}} ${body.note}: ${JSON.stringify(shownBody.length > 300 ? shownBody.slice(0, 300) + '…' : shownBody)}`,
      };
    });
}

/** Long nesting and repeats shown by count, so a failure report stays readable. */
function compact(text: string): string {
  return text
    .replace(/(\[){10,}|(\{"a":){10,}/g, (m) => `<${m.startsWith('[') ? m.length : m.length / 5} levels of ${m.startsWith('[') ? '[' : '{"a":'}>`)
    .replace(/(\]){10,}|(\}){10,}/g, (m) => `<${m.length} closing>`)
    .replace(/(.)\1{49,}/g, (m, c: string) => `<${m.length}×${c}>`);
}
