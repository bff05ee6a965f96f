/**
 * PostgreSQL restarted under checkouts: the shop as `npm start` runs it, a burst of
 * BENCH_ABUSE_RESTART_CHECKOUTS (default 200) checkouts at once with `pg_ctl restart -m fast` in
 * the middle, BENCH_ABUSE_RESTART_ROUNDS (default 5) times. No shopper retries. Bounds: 10 s after
 * PostgreSQL answers again, no checkout is left half-placed (CartCheckedOut without OrderPlaced);
 * the checkout completion never placed an order the API was still placing (it waits out the API's
 * longest gap); /api/health is 200 again by itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkoutBurstWithRestart, type RestartBurstOutcome } from '#platform/testing/checkout-restart-burst.js';
import { stopPostmaster } from '#platform/testing/restart-postgres.js';
import { UNBOUNDED_BUDGETS } from '#platform/testing/unbounded-budgets.js';
import { startShopProcesses } from '../lib/shop-processes.js';
import type { AbuseCase, AbuseLine } from './abuse-case.js';

export const abuseCase: AbuseCase = {
  name: 'restart-checkout',
  describe: 'PostgreSQL restarted (pg_ctl restart -m fast) in the middle of a burst of checkouts, several times, no shopper retrying',
  async run(log) {
    const checkouts = Number(process.env.BENCH_ABUSE_RESTART_CHECKOUTS ?? 200);
    const rounds = Number(process.env.BENCH_ABUSE_RESTART_ROUNDS ?? 5);
    // Budgets off: every shopper of the burst comes from one address.
    const shop = await startShopProcesses(log, { ...UNBOUNDED_BUDGETS });
    const bursts: RestartBurstOutcome[] = [];
    try {
      for (let round = 1; round <= rounds; round++) {
        const outcome = await checkoutBurstWithRestart(shop, { checkouts, restartAfterAnswers: Math.round(checkouts / 4), burst: round });
        log(`round ${round}: ${JSON.stringify(outcome)}`);
        bursts.push(outcome);
      }
    } finally {
      // pg_ctl's restarted server is no child of the shop: stopped after it.
      const pid = Number(readFileSync(path.join(shop.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      await shop.stop();
      if (pid) await stopPostmaster(pid);
    }
    const sum = (f: (b: RestartBurstOutcome) => number) => bursts.reduce((n, b) => n + f(b), 0);
    const halfPlaced = sum((b) => b.halfPlacedAfter10s);
    const raced = sum((b) => b.raced);
    const unhealthy = bursts.filter((b) => b.healthyAfterMs === null).length;
    const slowestHealthy = Math.max(...bursts.map((b) => b.healthyAfterMs ?? Infinity)) / 1000;
    const detail = bursts.map((b) => ({ answers: b.answers, restartMs: b.restartMs, halfPlacedSeen: b.halfPlacedSeen, completedAfterMs: b.completedAfterMs, placedByCompletion: b.placedByCompletion, healthyAfterMs: b.healthyAfterMs }));
    const lines: AbuseLine[] = [
      {
        bound: `half-placed checkouts 10 s after PostgreSQL is back, ${rounds} restarts under ${checkouts} checkouts each, no shopper retrying`,
        figure: halfPlaced,
        unit: 'half-placed',
        limit: 0,
        held: bursts.length === rounds && halfPlaced === 0,
        detail,
      },
      { bound: 'orders the checkout completion placed while the API was still placing them', figure: raced, unit: 'orders', limit: 0, held: raced === 0 },
      { bound: '/api/health 200 again by itself after each restart', figure: Number.isFinite(slowestHealthy) ? Math.round(slowestHealthy * 10) / 10 : -1, unit: 's (slowest)', limit: '≤ 60', held: unhealthy === 0 },
    ];
    return lines;
  },
};
