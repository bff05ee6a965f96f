/**
 * Packing slips (A4) and parcel labels (10 × 15 cm): one page per order, pure (orders in, PDF bytes
 * out). Pages are drawn one at a time with a turn of the event loop between them, so a batch of
 * 200 never holds the API's loop for more than one page. The slip goes into the parcel, so it is
 * written in the customer's language (an Arabic customer's carries no English); the label is the
 * courier's and stays bilingual.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { amountToCollect, egp, governorateNames, onPaper, placedOn, sizeLabel, streetAddress, type PaperworkOrder } from './paperwork-order.js';
import { isolated } from '#domain/shared/bidi-text.js';
import {
  customerCount, customerDigits, customerItemName, customerMoney, customerNumber, customerSize, DEFAULT_ARABIC_DIGITS, ITEM_COUNT, SHOP_NAMES,
  type ArabicDigits, type CountForms, type CustomerVoice,
} from '#domain/shared/customer-words.js';
import type { ShopLanguage } from '#domain/shared/shop-language.js';
import { drawLine, drawParagraph, lineHeight, registerPaperworkFonts, type TextStyle } from './pdf-text.js';

export const PAPER_SIZES = ['A4', 'LABEL_10x15'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

const CM = 72 / 2.54;
const PAGE: Record<PaperSize, [number, number]> = { A4: [595.28, 841.89], LABEL_10x15: [10 * CM, 15 * CM] };

/** A PDF of `pages` drawn by `draw`, one page each; resolves to the file's bytes. */
export async function renderPages<T>(pages: readonly T[], size: [number, number], title: string, draw: (doc: PDFKit.PDFDocument, page: T) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false, info: { Title: title, Producer: SHOP_NAMES.en, Creator: SHOP_NAMES.en } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  registerPaperworkFonts(doc);
  for (const page of pages) {
    doc.addPage({ size, margin: 0 });
    draw(doc, page);
    await nextTurn();
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** digits: how an Arabic slip writes numbers (the shop's ARABIC_DIGITS). */
export function renderPackingSlips(orders: readonly PaperworkOrder[], paper: PaperSize, digits: ArabicDigits = DEFAULT_ARABIC_DIGITS): Promise<Buffer> {
  const draw = paper === 'A4' ? (doc: PDFKit.PDFDocument, o: PaperworkOrder) => drawSlip(doc, o, { language: o.language ?? 'en', digits }) : drawLabel;
  return renderPages(orders, PAGE[paper], paper === 'A4' ? 'Packing slips' : 'Parcel labels', (doc, o) => draw(doc, onPaper(o)));
}

/** The lines a full page leaves out. */
const MORE_LINES: CountForms = {
  en: { one: '… and {n} more line', other: '… and {n} more lines' },
  ar: { zero: '', one: '… وبند آخر', two: '… وبندان آخران', few: '… و{n} بنود أخرى', many: '… و{n} بندًا آخر', other: '… و{n} بند آخر' },
};

/** What a slip says around the order's values, in each language. */
const SLIP: Readonly<Record<ShopLanguage, {
  title: string; order: string; placed: (when: string) => string; payment: Record<string, string>; shipTo: string; courier: string; tracking: string;
  notes: string; item: string; size: string; qty: string; more: CountForms; inAll: (items: string) => string; collect: (money: string) => string; paid: string;
}>> = {
  en: {
    title: 'Packing slip', order: 'Order', placed: (when) => `Placed ${when} (Cairo)`, payment: { COD: 'COD', ONLINE: 'ONLINE' }, shipTo: 'Ship to',
    courier: 'Courier', tracking: 'Tracking', notes: 'Notes', item: 'Item', size: 'Size', qty: 'Qty', more: MORE_LINES,
    inAll: (items) => `(${items} in all)`, collect: (money) => `COLLECT ${money}`, paid: 'PAID - collect nothing',
  },
  ar: {
    title: 'قائمة محتويات الطرد', order: 'الطلب', placed: (when) => `تاريخ الطلب ${when} (بتوقيت القاهرة)`,
    payment: { COD: 'الدفع عند الاستلام', ONLINE: 'مدفوع أونلاين' }, shipTo: 'الشحن إلى', courier: 'شركة الشحن', tracking: 'رقم التتبع',
    notes: 'ملاحظات', item: 'المنتج', size: 'المقاس', qty: 'الكمية', more: MORE_LINES,
    inAll: (items) => `(${items} في المجموع)`, collect: (money) => `المطلوب عند الاستلام: ${money}`, paid: 'مدفوع: لا يُحصَّل شيء',
  },
};

/** The order number as a QR code of filled squares (vector: sharp at any printer's resolution). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = side / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  }
  doc.fill().restore();
}

function box(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, fill?: string): void {
  doc.save().lineWidth(1).strokeColor('#000000');
  if (fill) doc.rect(x, y, w, h).fillAndStroke(fill, '#000000');
  else doc.rect(x, y, w, h).stroke();
  doc.restore();
}

const S = (size: number, bold = false): TextStyle => ({ size, bold });

/** The cash line: "COLLECT 1,234.50 EGP" for the courier's label and an English slip, Arabic money on an Arabic one. */
function collectLine(o: PaperworkOrder, voice: CustomerVoice = { language: 'en', digits: 'latin' }): string {
  const cash = amountToCollect(o);
  const words = SLIP[voice.language];
  if (cash <= 0) return words.paid;
  return words.collect(voice.language === 'ar' ? customerMoney(cash, voice) : egp(cash));
}

function shipmentLine(o: PaperworkOrder, language: ShopLanguage = 'en'): string | undefined {
  if (!o.courier && !o.trackingNumber) return undefined;
  const words = SLIP[language];
  return [o.courier && `${words.courier}: ${o.courier}`, o.trackingNumber && `${words.tracking}: ${o.trackingNumber}`].filter(Boolean).join(' · ');
}

/** A4, in the customer's language: header with the QR code, ship-to, the items with their sizes, and the cash to collect. */
function drawSlip(doc: PDFKit.PDFDocument, o: PaperworkOrder, voice: CustomerVoice): void {
  const [pageW, pageH] = PAGE.A4;
  const ar = voice.language === 'ar';
  const words = SLIP[voice.language];
  // An Arabic slip reads from the right: its labels and columns are mirrored, the QR code moves left.
  const start: 'left' | 'right' = ar ? 'right' : 'left';
  const end: 'left' | 'right' = ar ? 'left' : 'right';
  const m = 40;
  const w = pageW - 2 * m;
  const qr = 96;
  const head = ar ? m + qr + 12 : m;
  if (ar) {
    drawLine(doc, SHOP_NAMES.ar, head, m, w - qr - 12, S(20, true), start);
  } else {
    drawLine(doc, SHOP_NAMES.en, m, m, w - qr - 12, S(20, true), 'left');
    drawLine(doc, SHOP_NAMES.ar, m, m + 30, w - qr - 12, S(14), 'left');
  }
  drawLine(doc, words.title, head, m + 56, w - qr - 12, S(12), start);
  drawQr(doc, o.orderNumber, ar ? m : pageW - m - qr, m, qr);
  let y = m + qr + 10;
  drawLine(doc, `${words.order} ${isolated(o.orderNumber)}`, m, y, w, S(16, true), start);
  drawLine(doc, `${words.placed(customerDigits(placedOn(o), voice))}   ·   ${words.payment[o.paymentMethod] ?? o.paymentMethod}`, m, y + 26, w, S(10), start);
  y += 52;

  box(doc, m, y, w, 150);
  let inner = y + 10;
  drawLine(doc, words.shipTo, m + 12, inner, w - 24, S(10, true), start);
  inner += 18;
  drawLine(doc, o.customerName, m + 12, inner, w - 24, S(16, true));
  inner += lineHeight(S(16));
  drawLine(doc, ar ? isolated(customerDigits(withoutIsolates(o.phone), voice)) : o.phone, m + 12, inner, w - 24, S(13, true), start);
  inner += lineHeight(S(13));
  inner = drawParagraph(doc, streetAddress(o, isolated, voice), m + 12, inner, w - 24, S(12), 2);
  drawLine(doc, `${o.city}   ·   ${isolated(governorateNames(o.governorate, voice.language))}`, m + 12, inner, w - 24, S(12));
  y += 160;

  const shipment = shipmentLine(o, voice.language);
  if (shipment) {
    drawLine(doc, shipment, m, y, w, S(11, true), start);
    y += 22;
  }
  if (o.notes) {
    y = drawParagraph(doc, `${words.notes}: ${o.notes}`, m, y, w, S(10), 3) + 4;
  }

  // Items: name, size, quantity; a list longer than the page ends with how many were left out.
  const cols = ar ? { name: m + 160, size: m + 60, qty: m } : { name: m, size: m + w - 150, qty: m + w - 50 };
  drawLine(doc, words.item, cols.name, y, w - 160, S(11, true), start);
  drawLine(doc, words.size, cols.size, y, 90, S(11, true), start);
  drawLine(doc, words.qty, cols.qty, y, 50, S(11, true), end);
  y += 20;
  doc.save().moveTo(m, y - 3).lineTo(m + w, y - 3).stroke().restore();
  const collectTop = pageH - m - 70;
  const row = lineHeight(S(11));
  for (const [i, item] of o.items.entries()) {
    if (y + 2 * row > collectTop - 10 && i < o.items.length - 1) {
      drawLine(doc, `${customerCount(o.items.length - i, words.more, voice)} ${words.inAll(customerCount(o.itemCount, ITEM_COUNT, voice))}`, cols.name, y, w, S(11, true), start);
      break;
    }
    drawLine(doc, ar ? customerItemName(item, 'ar') : item.name, cols.name, y, w - 160, S(11));
    drawLine(doc, ar ? (item.size ? customerSize(item.size, voice) : '-') : sizeLabel(item.size), cols.size, y, 90, S(11), start);
    drawLine(doc, customerNumber(item.quantity, voice), cols.qty, y, 50, S(11, true), end);
    y += row;
  }

  box(doc, m, collectTop, w, 60, '#eeeeee');
  drawLine(doc, collectLine(o, voice), m + 12, collectTop + 10, w - 24, S(22, true), start);
  drawLine(doc, customerCount(o.itemCount, ITEM_COUNT, voice), m + 12, collectTop + 10, w - 24, S(12), end);
}

/** A value's text without the isolates paper put around it, to be written again in other digits. */
function withoutIsolates(text: string): string {
  return text.replace(/[\u2068\u2069]/g, '');
}

/** 10 × 15 cm label: order number and QR, the cash to collect, who and where, the items in short. */
function drawLabel(doc: PDFKit.PDFDocument, o: PaperworkOrder): void {
  const [pageW, pageH] = PAGE.LABEL_10x15;
  const m = 12;
  const w = pageW - 2 * m;
  const qr = 78;
  drawLine(doc, `${SHOP_NAMES.en} - ${SHOP_NAMES.ar}`, m, m, w - qr - 6, S(9), 'left');
  drawLine(doc, o.orderNumber, m, m + 18, w - qr - 6, S(14, true), 'left');
  drawLine(doc, placedOn(o), m, m + 42, w - qr - 6, S(8), 'left');
  drawQr(doc, o.orderNumber, pageW - m - qr, m, qr);
  let y = m + qr + 6;

  box(doc, m, y, w, 34, '#eeeeee');
  drawLine(doc, collectLine(o), m + 6, y + 5, w - 12, S(14, true), 'center');
  y += 42;

  drawLine(doc, o.customerName, m, y, w, S(13, true));
  y += lineHeight(S(13));
  drawLine(doc, o.phone, m, y, w, S(12, true), 'left');
  y += lineHeight(S(12));
  y = drawParagraph(doc, streetAddress(o, isolated), m, y, w, S(10), 3);
  drawLine(doc, o.city, m, y, w, S(10, true));
  y += lineHeight(S(10));
  drawLine(doc, isolated(governorateNames(o.governorate)), m, y, w, S(10, true));
  y += lineHeight(S(10)) + 2;

  const shipment = shipmentLine(o);
  if (shipment) {
    y = drawParagraph(doc, shipment, m, y, w, S(9, true), 2);
  }
  doc.save().moveTo(m, y).lineTo(m + w, y).stroke().restore();
  y += 4;
  drawLine(doc, customerCount(o.itemCount, ITEM_COUNT, { language: 'en', digits: 'latin' }), m, y, w, S(9, true), 'left');
  y += lineHeight(S(9));
  const notesHeight = o.notes ? 2 * lineHeight(S(8)) + 2 : 0;
  const bottom = pageH - m - notesHeight;
  const row = lineHeight(S(8));
  for (const [i, item] of o.items.entries()) {
    if (y + 2 * row > bottom && i < o.items.length - 1) {
      drawLine(doc, `… ${o.items.length - i} more lines`, m, y, w, S(8, true), 'left');
      y += row;
      break;
    }
    drawLine(doc, `${item.quantity} × ${sizeLabel(item.size)}   ${item.name}`, m, y, w, S(8), 'left');
    y += row;
  }
  if (o.notes) drawParagraph(doc, `Notes: ${o.notes}`, m, bottom, w, S(8), 2);
}
