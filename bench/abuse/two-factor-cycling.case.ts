/**
 * Two-factor guessing by someone who holds the password, on the shop as `npm start` runs it
 * (the owner must use a second factor): four wrong codes, a right password sign-in, again, for up
 * to BENCH_ABUSE_SECONDS (default 60, here at most 30) or 100 codes. The attack run had 100 codes
 * checked in 5.7 s with no refusal, since a right password cleared the count the codes shared.
 * Every code is counted: 401 is a wrong code the server checked, 429 one refused unchecked.
 */
import { appCode, wrongCode } from '../../services/api/src/testing/authenticator-app.js';
import { startShopProcesses } from '../lib/shop-processes.js';
import type { AbuseCase, AbuseLine } from './abuse-case.js';

const SECONDS = Math.min(30, Math.max(5, Number(process.env.BENCH_ABUSE_SECONDS ?? 60) || 60));
const CODES = 100;
const LIMIT = 5;

async function post(url: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, retryAfter: res.headers.get('retry-after') };
}

export const abuseCase: AbuseCase = {
  name: 'two-factor-cycling',
  describe: 'wrong second-factor codes interleaved with right password sign-ins: codes checked per 15-minute window',
  async run(log) {
    const shop = await startShopProcesses(log, { STAFF_TWO_FACTOR_ROLES: 'owner' });
    try {
      const { username, password } = shop.admin;
      const first = await post(shop.url, '/api/admin/auth/login', { username, password });
      const token = first.body.token as string;
      const setup = await post(shop.url, '/api/admin/auth/two-factor/setup', {}, token);
      const secret = setup.body.secret as string;
      const confirmed = await post(shop.url, '/api/admin/auth/two-factor/confirm', { code: await appCode(secret) }, token);
      if (confirmed.status !== 200) throw new Error(`two-factor set-up failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);

      const tally = { checked: 0, refused: 0, other: 0, passwordSignIns: 0, retryAfterS: [] as number[] };
      const started = Date.now();
      let challenge = '';
      for (let i = 0; i < CODES && Date.now() - started < SECONDS * 1000; i++) {
        if (i % 4 === 0) {
          const signIn = await post(shop.url, '/api/admin/auth/login', { username, password });
          if (signIn.status !== 200) throw new Error(`password sign-in answered ${signIn.status}`);
          challenge = signIn.body.challenge as string;
          tally.passwordSignIns++;
        }
        const answer = await post(shop.url, '/api/admin/auth/login/two-factor', { challenge, code: await wrongCode(secret, i) });
        if (answer.status === 401) tally.checked++;
        else if (answer.status === 429) {
          tally.refused++;
          tally.retryAfterS.push(Number(answer.retryAfter));
        } else tally.other++;
      }
      const seconds = (Date.now() - started) / 1000;
      log(`${tally.checked + tally.refused + tally.other} codes in ${seconds.toFixed(1)} s between ${tally.passwordSignIns} password sign-ins: ${tally.checked} checked, ${tally.refused} refused`);
      const lines: AbuseLine[] = [
        {
          bound: 'wrong second-factor codes checked per 15-minute window, right password sign-ins between them',
          figure: tally.checked,
          unit: 'codes checked',
          limit: `≤ ${LIMIT}`,
          held: tally.checked <= LIMIT && tally.other === 0 && tally.refused > 0,
          detail: { codesSent: tally.checked + tally.refused + tally.other, refused: tally.refused, unexpected: tally.other, passwordSignIns: tally.passwordSignIns, seconds, retryAfterS: { min: Math.min(...tally.retryAfterS), max: Math.max(...tally.retryAfterS) } },
        },
      ];
      return lines;
    } finally {
      await shop.stop();
    }
  },
};
