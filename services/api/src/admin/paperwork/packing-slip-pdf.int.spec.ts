import { inkOnFirstPage, pdfInfo, pdfText } from './pdf-tools.testing.js';
import { renderPackingSlips } from './packing-slip-pdf.js';
import { manifestPdf } from './courier-manifest.js';
import type { PaperworkOrder } from './paperwork-order.js';
import { latinLeaks } from '#domain/shared/customer-words.js';

const order = (over: Partial<PaperworkOrder> = {}): PaperworkOrder => ({
  orderNumber: 'PS-7KQ4-M2XD',
  createdAt: '2026-03-01T12:05:09.000Z',
  customerName: 'منى حسن',
  phone: '01012345678',
  addressLine: 'شارع 9 التحرير',
  building: '4',
  apartment: '7',
  city: 'المعادي',
  governorate: 'CAIRO',
  notes: null,
  paymentMethod: 'COD',
  total: 1234.5,
  itemCount: 3,
  status: 'CONFIRMED',
  items: [
    { name: 'Starry Night', size: 'SIZE_30x40', quantity: 2 },
    { name: 'بوستر الأهرامات', size: 'SIZE_50x70', quantity: 1 },
  ],
  courier: null,
  trackingNumber: null,
  ...over,
});

// Beh, noon and yeh share one glyph body in the font: "عبد" after "منى" must not come out as "عند".
const second = order({ orderNumber: 'PS-AAAA-BBBB', customerName: 'علاء عبد الله نبيل', paymentMethod: 'ONLINE', courier: 'Bosta', trackingNumber: 'BST-123456' });

describe('packing slips and labels (PDF read back with poppler)', () => {
  for (const paper of ['A4', 'LABEL_10x15'] as const) {
    it(`${paper}: one page per order with the name in logical order, the number, sizes and the cash to collect`, async () => {
      const pdf = await renderPackingSlips([order(), second], paper);
      const info = pdfInfo(pdf);
      expect(info.pages).toBe(2);
      expect(info.pageSize).toMatch(paper === 'A4' ? /^595\.\d+ x 841\.\d+ pts \(A4\)/ : /^283\.\d+ x 425\.\d+ pts/);
      const first = pdfText(pdf, 1);
      expect(first).toContain('منى حسن');
      expect(first).toContain('PS-7KQ4-M2XD');
      expect(first).toContain('01012345678');
      expect(first).toContain('COLLECT 1,234.50 EGP');
      expect(first).toContain('30x40');
      expect(first).toContain('50x70');
      expect(first).toContain('القاهرة');
      expect(first).not.toContain('Tracking');
      const next = pdfText(pdf, 2);
      expect(next).toContain('علاء عبد الله نبيل');
      expect(next).toContain('PAID - collect nothing');
      expect(next).toContain('Courier: Bosta');
      expect(next).toContain('Tracking: BST-123456');
    });
  }

  it('draws something on the page (not a blank page)', async () => {
    const ink = await inkOnFirstPage(await renderPackingSlips([order()], 'LABEL_10x15'));
    expect(ink).toBeGreaterThan(0.02);
    expect(ink).toBeLessThan(0.6);
  });

  it('keeps one page per order whatever the text: long addresses, hundreds of lines, symbols and controls', async () => {
    const hostile = order({
      customerName: `\u202E${'😀'.repeat(5)} \u0000 ${'ا'.repeat(300)}`,
      addressLine: 'شارع '.repeat(400),
      notes: 'x'.repeat(3000),
      items: Array.from({ length: 300 }, (_, i) => ({ name: `Poster ${i} ${'ب'.repeat(i % 50)}`, size: i % 2 ? 'SIZE_20x30' : null, quantity: 1 })),
      itemCount: 300,
    });
    for (const paper of ['A4', 'LABEL_10x15'] as const) {
      const pdf = await renderPackingSlips([hostile], paper);
      expect(pdfInfo(pdf).pages).toBe(1);
      expect(pdfText(pdf)).toMatch(/more lines/);
    }
  });

  // pdftotext gives Arabic back in visual order: only digit and Latin sequences are read here (the runs are asserted in bidi-runs.unit.spec.ts).
  it('prints an override character in a street as nothing: the street, the building and the flat as typed, the house number 12', async () => {
    const latin = order({ customerName: 'Mona \u202EHassan', addressLine: 'Street \u202E12 nomis', building: '7', apartment: '3', city: 'Giza', notes: 'Ring \u202E45 twice' });
    const arabic = order({ orderNumber: 'PS-AAAA-CCCC', addressLine: 'شارع \u202E1234 التحرير', building: '56', apartment: '78' });
    const printed = [
      ...(await Promise.all((['A4', 'LABEL_10x15'] as const).map(async (paper) => pdfText(await renderPackingSlips([latin, arabic], paper))))),
      pdfText(await manifestPdf('2026-03-01', [{ ...latin, status: 'SHIPPED' }, { ...arabic, status: 'SHIPPED' }])),
    ];
    for (const text of printed) {
      expect(text).toContain('Mona Hassan');
      expect(text).toMatch(/Street 12 nomis,\s+Building 7,\s+Apt 3/);
      expect(text).toContain('1234');
      expect(text).toContain('Building 56');
      expect(text).toContain('Apt 78');
      expect(text).not.toMatch(/simon|nassaH|tpA|gnidliuB|4321|87 tpA/);
    }
    expect(printed[0]).toContain('Ring 45 twice');
  });

  // The slip goes into an Arabic customer's parcel: no Latin word but the order number (the one allowed list, customer-words.ts).
  it('an Arabic customer\'s slip is Arabic throughout: Arabic names and sizes, labelled building and flat with the Arabic comma, Arabic money, the dual', async () => {
    const arabic = order({
      language: 'ar',
      addressLine: 'شارع الجمهورية',
      building: '12',
      apartment: '4',
      itemCount: 2,
      items: [
        { kind: 'poster', name: 'Islamic Geometry', nameAr: 'هندسة إسلامية', size: 'SIZE_40x50', quantity: 1 },
        { kind: 'custom', name: 'Custom Poster', size: 'SIZE_30x40', quantity: 1 },
      ],
    });
    const text = pdfText(await renderPackingSlips([arabic], 'A4'));
    expect(latinLeaks(text)).toEqual([]);
    expect(text).toContain('PS-7KQ4-M2XD');
    expect(text).toContain('١٢');
    // An Arabic size reads from the right, 40 first: pdftotext writes the line's runs left to right.
    expect(text).toMatch(/٥٠×٤٠ ?سم|٤٠×٥٠ سم/);
    expect(text).toContain('١٬٢٣٤٫٥٠');
    expect(text).not.toMatch(/Building|Apt|COLLECT|EGP|items|Item|Qty/);
    for (const word of ['مبنى', 'شقة', 'هندسة إسلامية', 'بوستر مخصص', 'منتجان', 'المطلوب عند الاستلام']) expect(text).toContain(word);
    expect(text).toContain('،');
    const latinDigits = pdfText(await renderPackingSlips([arabic], 'A4', 'latin'));
    expect(latinLeaks(latinDigits)).toEqual([]);
    expect(latinDigits).toContain('1,234.50');
    expect(latinDigits).not.toMatch(/[\u0660-\u0669]/);
  });

  it('counts in English on English paper: "1 order", "1 item"', async () => {
    const one = order({ itemCount: 1, items: [{ name: 'Starry Night', size: 'SIZE_30x40', quantity: 1 }], status: 'SHIPPED' });
    expect(pdfText(await manifestPdf('2026-03-01', [one]))).toMatch(/\b1 order\b(?!s)/);
    expect(pdfText(await renderPackingSlips([one], 'A4'))).toMatch(/\b1 item\b(?!s)/);
    expect(pdfText(await renderPackingSlips([one], 'LABEL_10x15'))).toMatch(/\b1 item\b(?!s)/);
  });
});
