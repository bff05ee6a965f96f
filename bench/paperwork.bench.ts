/**
 * How long the paperwork takes to draw: a batch of 200 parcel labels and of 200 A4 packing slips
 * (the batch cap), Arabic names and addresses, mixed with Latin; and the longest the event loop was
 * held at once while drawing (pages are drawn one per turn of the loop). One JSON line per size.
 *
 *   node libs/platform/bin/build.mjs && node dist/bench/paperwork.bench.js      (BENCH_PAPERWORK_ORDERS)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderPackingSlips, type PaperSize } from '../services/api/src/admin/paperwork/packing-slip-pdf.js';
import type { PaperworkOrder } from '../services/api/src/admin/paperwork/paperwork-order.js';
import { round } from './lib/stats.js';

const ORDERS = Number(process.env.BENCH_PAPERWORK_ORDERS ?? 200);
const FIRST = ['منى', 'علاء', 'نبيل', 'Mona', 'Youssef', 'هبة', 'Karim', 'سارة'];
const LAST = ['حسن', 'عبد الله', 'Hassan', 'الشناوي', 'Farouk', 'بنت سنبل'];

function order(i: number): PaperworkOrder {
  return {
    orderNumber: `PS-${String(i).padStart(4, '0')}-BNCH`,
    createdAt: new Date(Date.UTC(2026, 2, 1, 10, i % 60)).toISOString(),
    customerName: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
    phone: `010${String(10_000_000 + i).slice(-8)}`,
    addressLine: i % 2 ? `شارع ${i} التحرير، بجوار مسجد النور` : `${i} Corniche El Nil Street, near the bank`,
    building: String(i % 40),
    apartment: String(i % 12),
    city: i % 3 ? 'مدينة نصر' : 'Heliopolis',
    governorate: 'CAIRO',
    notes: i % 4 === 0 ? 'اتصل قبل الوصول بساعة من فضلك' : null,
    paymentMethod: 'COD',
    total: 450 + i,
    itemCount: 3,
    status: 'CONFIRMED',
    items: [
      { name: 'Starry Night', size: 'SIZE_30x40', quantity: 2 },
      { name: 'بوستر الأهرامات', size: 'SIZE_50x70', quantity: 1 },
    ],
    courier: i % 2 ? 'Bosta' : null,
    trackingNumber: i % 2 ? `BST-${100000 + i}` : null,
  };
}

const orders = Array.from({ length: ORDERS }, (_, i) => order(i));
await renderPackingSlips(orders.slice(0, 2), 'LABEL_10x15'); // fonts read, code warm
for (const paper of ['LABEL_10x15', 'A4'] as PaperSize[]) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const pdf = await renderPackingSlips(orders, paper);
  const ms = performance.now() - started;
  loop.disable();
  console.log(JSON.stringify({ bench: 'paperwork', paper, orders: ORDERS, ms: round(ms), msPerPage: round(ms / ORDERS), bytes: pdf.length, maxLoopDelayMs: round(loop.max / 1e6) }));
}
