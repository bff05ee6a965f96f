/**
 * Vendure (bench/vendure: its own package.json and lockfile, installed on demand so the project's
 * dependency tree never sees its NestJS 11 and TypeORM 0.3) as the peer of our API: started on the
 * bench's PostgreSQL server in a database of its own, seeded through its Admin API with the same
 * catalogue as ours, EGP, a zero tax rate, one flat-rate shipping method and a payment method
 * that settles when added.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CATALOGUE, CHECKOUT_QUANTITY, CHECKOUT_SIZE, LISTING_PAGE_SIZE } from './catalogue.js';
import type { Step } from './load.js';
import { ensureToolInstalled } from './tool-folder.js';

const DIR = path.resolve('bench/vendure');
export const VENDURE_DATABASE = 'vendure';
const SUPERADMIN = { username: 'superadmin', password: 'bench-superadmin' };
// The flat shipping rate, in piastres (Vendure keeps money in minor units, as we do).
const FLAT_SHIPPING = 5_000;

export function vendureVersion(): string {
  return (JSON.parse(readFileSync(path.join(DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['@vendure/core'];
}

export function ensureVendureInstalled(log: (msg: string) => void): void {
  ensureToolInstalled(DIR, `Vendure ${vendureVersion()}`, log);
}

export interface VendurePeer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

export async function startVendure(o: { adminUrl: string; port: number; poolSize: number; log: (msg: string) => void }): Promise<VendurePeer> {
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${VENDURE_DATABASE}`);
  await admin.end();
  const db = new URL(o.adminUrl);
  db.pathname = `/${VENDURE_DATABASE}`;
  // --no-deprecation: TypeORM 0.3 overlaps queries on one pg client, which pg 8.2x warns about on every start.
  const child = spawn(process.execPath, ['--no-deprecation', path.join(DIR, 'server.mjs')], {
    env: {
      ...process.env,
      VENDURE_DATABASE_URL: db.toString(),
      VENDURE_PORT: String(o.port),
      VENDURE_POOL_SIZE: String(o.poolSize),
      VENDURE_SUPERADMIN_PASSWORD: SUPERADMIN.password,
    },
    stdio: ['ignore', process.stderr, process.stderr],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vendure exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('Vendure did not answer /health in 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, stop };
}

/** One GraphQL call; a GraphQL error or an ErrorResult (errorCode) is thrown. */
async function graphql(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<{ data: any; token?: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  const body = JSON.parse(text);
  if (!res.ok || body.errors || text.includes('"errorCode"')) throw new Error(`${res.status} ${url}: ${text.slice(0, 500)}`);
  return { data: body.data, token: res.headers.get('vendure-auth-token') ?? undefined };
}

export interface VendureCatalogue {
  /** The variant each checkout buys, one per product. */
  checkoutVariantIds: string[];
  shippingMethodId: string;
}

/** Egypt as the only zone, a zero tax rate, EGP, one flat shipping rate, the payment method, then the catalogue. */
export async function seedVendure(url: string, log: (msg: string) => void): Promise<VendureCatalogue> {
  const adminApi = `${url}/admin-api`;
  const { token } = await graphql(adminApi, `mutation($u:String!,$p:String!){login(username:$u,password:$p){__typename ... on ErrorResult{errorCode message}}}`, { u: SUPERADMIN.username, p: SUPERADMIN.password });
  const call = async (query: string, variables: Record<string, unknown> = {}) => (await graphql(adminApi, query, variables, token)).data;
  const en = (name: string) => [{ languageCode: 'en', name }];

  const country = (await call(`mutation($i:CreateCountryInput!){createCountry(input:$i){id}}`, { i: { code: 'EG', enabled: true, translations: en('Egypt') } })).createCountry;
  const zone = (await call(`mutation($i:CreateZoneInput!){createZone(input:$i){id}}`, { i: { name: 'Egypt', memberIds: [country.id] } })).createZone;
  const taxCategory = (await call(`mutation($i:CreateTaxCategoryInput!){createTaxCategory(input:$i){id}}`, { i: { name: 'No tax', isDefault: true } })).createTaxCategory;
  await call(`mutation($i:CreateTaxRateInput!){createTaxRate(input:$i){id}}`, { i: { name: 'Zero', enabled: true, value: 0, categoryId: taxCategory.id, zoneId: zone.id } });
  const channel = (await call(`{activeChannel{id}}`)).activeChannel;
  await call(`mutation($i:UpdateChannelInput!){updateChannel(input:$i){__typename ... on ErrorResult{errorCode message}}}`, {
    i: { id: channel.id, defaultCurrencyCode: 'EGP', availableCurrencyCodes: ['EGP'], defaultTaxZoneId: zone.id, defaultShippingZoneId: zone.id, pricesIncludeTax: false, trackInventory: false },
  });
  // Posters are printed to order: neither side counts stock.
  await call(`mutation($i:UpdateGlobalSettingsInput!){updateGlobalSettings(input:$i){__typename ... on ErrorResult{errorCode message}}}`, { i: { trackInventory: false } });
  const shipping = (
    await call(`mutation($i:CreateShippingMethodInput!){createShippingMethod(input:$i){id}}`, {
      i: {
        code: 'flat',
        fulfillmentHandler: 'manual-fulfillment',
        checker: { code: 'default-shipping-eligibility-checker', arguments: [{ name: 'orderMinimum', value: '0' }] },
        calculator: {
          code: 'default-shipping-calculator',
          arguments: [
            { name: 'rate', value: String(FLAT_SHIPPING) },
            { name: 'includesTax', value: 'exclude' },
            { name: 'taxRate', value: '0' },
          ],
        },
        translations: [{ languageCode: 'en', name: 'Flat rate', description: '' }],
      },
    })
  ).createShippingMethod;
  await call(`mutation($i:CreatePaymentMethodInput!){createPaymentMethod(input:$i){id}}`, {
    i: { code: 'settles-at-once', enabled: true, handler: { code: 'settles-at-once', arguments: [] }, translations: en('Settles at once') },
  });

  log(`seeding Vendure: ${CATALOGUE.length} products`);
  const checkoutVariantIds: string[] = [];
  for (const [i, poster] of CATALOGUE.entries()) {
    const group = (
      await call(`mutation($i:CreateProductOptionGroupInput!){createProductOptionGroup(input:$i){id options{id code}}}`, {
        i: { code: `size-${i}`, translations: en('Size'), options: poster.variants.map((v) => ({ code: v.size, translations: en(v.size.slice(5)) })) },
      })
    ).createProductOptionGroup;
    const slug = poster.name.toLowerCase().replace(/\s+/g, '-');
    const product = (
      await call(`mutation($i:CreateProductInput!){createProduct(input:$i){id}}`, {
        i: { enabled: true, translations: [{ languageCode: 'en', name: poster.name, slug, description: poster.description }] },
      })
    ).createProduct;
    await call(`mutation($p:ID!,$g:ID!){addOptionGroupToProduct(productId:$p,optionGroupId:$g){id}}`, { p: product.id, g: group.id });
    const variants = (
      await call(`mutation($i:[CreateProductVariantInput!]!){createProductVariants(input:$i){id sku}}`, {
        i: poster.variants.map((v) => ({
          productId: product.id,
          sku: `${slug}-${v.size}`,
          price: v.priceEgp * 100,
          optionIds: [group.options.find((o: { code: string }) => o.code === v.size).id],
          translations: en(`${poster.name} ${v.size.slice(5)}`),
        })),
      })
    ).createProductVariants as Array<{ id: string; sku: string }>;
    checkoutVariantIds.push(variants.find((v) => v.sku.endsWith(CHECKOUT_SIZE))!.id);
  }

  // The search index is built by Vendure's job queue (in the server process): wait until it lists them all.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { search } = (await graphql(`${url}/shop-api`, `{search(input:{take:0,groupByProduct:true}){totalItems}}`)).data;
    if (search.totalItems >= CATALOGUE.length) break;
    if (Date.now() > deadline) throw new Error(`Vendure's search index shows ${search.totalItems} of ${CATALOGUE.length} products after 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { checkoutVariantIds, shippingMethodId: shipping.id };
}

/** How many products Vendure's `search` finds for `term`. */
export async function vendureSearchHits(url: string, term: string): Promise<number> {
  return (await graphql(`${url}/shop-api`, `query($term:String){search(input:{term:$term,take:0,groupByProduct:true}){totalItems}}`, { term })).data.search.totalItems;
}

const gqlBody = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
// A GraphQL answer is HTTP 200 even when it failed: errors and ErrorResults are in the body.
const answered = (body: string) => !body.includes('"errors"') && !body.includes('"errorCode"');

/**
 * Vendure's `products` query for the first page, asking what our listing answers: what a grid's
 * card shows (name, slug, image, the sizes' prices to show "from"), no descriptions.
 */
export const vendureProductsStep: Step = {
  method: 'POST',
  path: '/shop-api',
  build: () => ({
    body: gqlBody(`query($take:Int!){products(options:{take:$take,skip:0}){totalItems items{id name slug featuredAsset{preview} variants{id priceWithTax currencyCode}}}}`, {
      take: LISTING_PAGE_SIZE,
    }),
  }),
  check: answered,
};

/**
 * Vendure's `search` query (DefaultSearchPlugin's index table), one row per product, asking what a
 * card shows; with `term`, the products whose name, description or SKU match it.
 */
export function vendureSearchStep(term?: string): Step {
  return {
    method: 'POST',
    path: '/shop-api',
    build: () => ({
      body: gqlBody(
        `query($take:Int!,$term:String){search(input:{term:$term,take:$take,skip:0,groupByProduct:true}){totalItems items{productId productName slug productAsset{preview} currencyCode priceWithTax{... on PriceRange{min max} ... on SinglePrice{value}}}}}`,
        { take: LISTING_PAGE_SIZE, ...(term ? { term } : {}) },
      ),
    }),
    check: answered,
  };
}

/** A guest checkout in the Shop API, one mutation per request, the session carried as a bearer token. */
export function vendureCheckoutSteps(catalogue: VendureCatalogue): Step[] {
  let n = 0;
  const authed = (query: string, variables: (flow: Record<string, unknown>) => Record<string, unknown> = () => ({})) => ({
    method: 'POST' as const,
    path: '/shop-api',
    build: (flow: Record<string, unknown>) => ({ headers: { authorization: `Bearer ${flow.token}` }, body: gqlBody(query, variables(flow)) }),
    check: answered,
  });
  return [
    {
      method: 'POST',
      path: '/shop-api',
      build: (flow) => {
        flow.n = n++;
        return {
          body: gqlBody(`mutation($v:ID!,$q:Int!){addItemToOrder(productVariantId:$v,quantity:$q){__typename ... on ErrorResult{errorCode message}}}`, {
            v: catalogue.checkoutVariantIds[(flow.n as number) % catalogue.checkoutVariantIds.length],
            q: CHECKOUT_QUANTITY,
          }),
        };
      },
      check: (body, headers, flow) => {
        flow.token = headers['vendure-auth-token'];
        return answered(body) && typeof flow.token === 'string';
      },
    },
    authed(`mutation($i:CreateCustomerInput!){setCustomerForOrder(input:$i){__typename ... on ErrorResult{errorCode message}}}`, (flow) => ({
      i: { emailAddress: `bench-${flow.n}@example.com`, firstName: 'Bench', lastName: 'Mark', phoneNumber: '01012345678' },
    })),
    authed(`mutation($i:CreateAddressInput!){setOrderShippingAddress(input:$i){__typename ... on ErrorResult{errorCode message}}}`, () => ({
      i: { fullName: 'Bench Mark', streetLine1: '1 Test St', streetLine2: 'Building 1, apartment 1', city: 'Cairo', province: 'Cairo', countryCode: 'EG', phoneNumber: '01012345678' },
    })),
    authed(`mutation($ids:[ID!]!){setOrderShippingMethod(shippingMethodId:$ids){__typename ... on ErrorResult{errorCode message}}}`, () => ({ ids: [catalogue.shippingMethodId] })),
    authed(`mutation{transitionOrderToState(state:"ArrangingPayment"){__typename ... on ErrorResult{errorCode message}}}`),
    {
      ...authed(`mutation($i:PaymentInput!){addPaymentToOrder(input:$i){__typename ... on Order{code state} ... on ErrorResult{errorCode message}}}`, () => ({
        i: { method: 'settles-at-once', metadata: {} },
      })),
      check: (body) => answered(body) && body.includes('"state":"PaymentSettled"'),
    },
  ];
}
