import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MAX_PATH_LENGTH, MAX_URL_LENGTH } from '../common/edge-text.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// The built web app of this checkout (`npm run build`, which `npm test` runs first), so the pages
// come from its server renderer, where a long path used to be echoed into every link.
const WEB_DIST = path.resolve('web/dist');

/** The longest run of one character in a text: an echoed path of `a`s shows up as one. */
function longestRun(text: string, char: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

describe('long URL paths are refused, not echoed (HTTP, real stack and server renderer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) throw new Error('web/dist/server is missing: run `npm run build` first');
    t = await createTestApp({ projector: false, env: { WEB_DIST_DIR: WEB_DIST } });
  });
  afterAll(() => t?.close());

  it.each([
    ['a storefront page', `/posters/${'a'.repeat(10_000)}`],
    ['an API route', `/api/public/posters/${'a'.repeat(10_000)}`],
    ['an unknown API path', `/api/${'a'.repeat(10_000)}`],
    ['an upload', `/uploads/${'a'.repeat(10_000)}`],
    ['a percent-encoded path just over the limit', `/${'%61'.repeat(Math.ceil(MAX_PATH_LENGTH / 3))}`],
    ['a storefront page with a long query', `/posters?search=${'a'.repeat(8000)}`],
    ['an API route with a long query', `/api/public/posters?search=${'a'.repeat(MAX_URL_LENGTH)}`],
  ])('answers %s with a short 414 that does not quote the URL', async (_what, url) => {
    const res = await t.request().get(url).expect(414);
    expect(res.body).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: `URL is too long (path at most ${MAX_PATH_LENGTH} characters, with the query ${MAX_URL_LENGTH})`,
    });
    expect(longestRun(res.text, 'a')).toBeLessThan(10);
  });

  it('serves a URL at the limits, whose echoes stay within them', async () => {
    const atPathLimit = `/posters/${'a'.repeat(MAX_PATH_LENGTH - '/posters/'.length)}`;
    const page = await t.request().get(atPathLimit);
    expect(page.status).not.toBe(414);
    expect(longestRun(page.text, 'a')).toBeLessThanOrEqual(MAX_PATH_LENGTH);
    const atUrlLimit = `/api/public/posters?search=${'a'.repeat(MAX_URL_LENGTH - '/api/public/posters?search='.length)}`;
    // Not refused for its length: the search's own rule (at most 200 characters) answers.
    const api = await t.request().get(atUrlLimit).expect(400);
    expect(api.body.message).toBe('search must be shorter than or equal to 200 characters');
  });
});
