import fc from 'fast-check';
import { deepValue, extraKey, hostileJson } from './hostile-values.js';

/** The slice of OpenAPI 3 schema objects that @nestjs/swagger emits. */
export interface SchemaObject {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
}

export interface SchemaContext {
  resolve(ref: string): SchemaObject | undefined;
  /** Real values for a field of this name (poster ids, sizes...), so some requests reach the domain. */
  known(field: string): string[];
  /** Keys and values for free-form objects (an export's filters are a list's query). */
  filterKeys: string[];
  filterValue: fc.Arbitrary<unknown>;
}

/**
 * A value the schema would accept, or close to it: enums and examples, real ids from the seeded
 * shop, numbers around the declared bounds. Fields are present at random, required ones usually.
 */
export function plausible(schema: SchemaObject | undefined, ctx: SchemaContext, field = '', depth = 0): fc.Arbitrary<unknown> {
  const s = schema?.$ref ? ctx.resolve(schema.$ref) : schema;
  if (!s || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  const known = ctx.known(field);
  const choices: Array<fc.Arbitrary<unknown>> = [];
  if (known.length) choices.push(fc.constantFrom(...known));
  if (s.enum?.length) choices.push(fc.constantFrom(...s.enum));
  if (s.example !== undefined) choices.push(fc.constant(s.example));
  switch (s.type) {
    case 'string':
      choices.push(s.format === 'binary' ? fc.constant('file') : fc.string({ minLength: 1, maxLength: 20 }));
      break;
    case 'number':
    case 'integer': {
      const min = s.minimum ?? 1;
      const max = s.maximum ?? Math.max(min + 1000, 100_000);
      choices.push(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.constantFrom(min, max, min - 1, max + 1));
      break;
    }
    case 'boolean':
      choices.push(fc.boolean());
      break;
    case 'array':
      choices.push(fc.array(plausible(s.items, ctx, field, depth + 1), { minLength: 1, maxLength: 3 }));
      break;
    case 'object':
    default:
      if (s.properties) choices.push(plausibleObject(s, ctx, depth));
      else choices.push(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null), fc.dictionary(fc.constantFrom(...ctx.filterKeys), ctx.filterValue, { maxKeys: 4 })));
  }
  if (s.nullable) choices.push(fc.constant(null));
  return fc.oneof(...choices);
}

function plausibleObject(s: SchemaObject, ctx: SchemaContext, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  return fc
    .tuple(
      ...props.map(([name, p]) =>
        fc.tuple(fc.constant(name), plausible(p, ctx, name, depth + 1), fc.integer({ min: 0, max: 9 }).map((r) => r < (required.has(name) ? 9 : 6))),
      ),
    )
    .map((entries) => Object.fromEntries(entries.filter(([, , present]) => present).map(([name, value]) => [name, value])));
}

type Mutation = { kind: 'replace' | 'delete' | 'add'; key: string; value: unknown };

/**
 * A body for this schema: plausible, plausible with some fields given the wrong type, dropped or
 * added, or not an object at all (array, scalar, null, deep nesting).
 */
export function bodyFor(schema: SchemaObject | undefined, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const s = schema?.$ref ? ctx.resolve(schema.$ref) : schema;
  if (!s || (s.type !== 'object' && !s.properties)) return fc.oneof(plausible(s, ctx), hostileJson);
  const names = Object.keys(s.properties ?? {});
  const key = names.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: extraKey }) : extraKey;
  const mutation: fc.Arbitrary<Mutation> = fc.record({ kind: fc.constantFrom('replace', 'replace', 'delete', 'add'), key, value: hostileJson });
  const mutated = fc.tuple(plausible(s, ctx), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([base, mutations]) => {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const m of mutations) {
      // defineProperty so "__proto__" becomes an own key the serialiser writes out, as a client would send it.
      if (m.kind === 'delete') delete out[m.key];
      else Object.defineProperty(out, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
  const wrapped = plausible(s, ctx).map((b) => [b]);
  return fc.oneof(
    { weight: 3, arbitrary: plausible(s, ctx) },
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: wrapped },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.tuple(plausible(s, ctx), fc.constantFrom(...(names.length ? names : ['a'])), deepValue).map(([b, k, v]) => ({ ...(b as object), [k]: v })) },
  );
}
