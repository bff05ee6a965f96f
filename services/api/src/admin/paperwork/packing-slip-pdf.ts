/**
 * Packing slips (A4) and parcel labels (10 × 15 cm): one page per order, pure (orders in, PDF bytes
 * out). Pages are drawn one at a time with a turn of the event loop between them, so a batch of
 * 200 never holds the API's loop for more than one page.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { amountToCollect, egp, governorateNames, onPaper, placedOn, SHOP_NAME, sizeLabel, streetAddress, type PaperworkOrder } from './paperwork-order.js';
import { isolated } from '#domain/shared/bidi-text.js';
import { drawLine, drawParagraph, lineHeight, registerPaperworkFonts, type TextStyle } from './pdf-text.js';

export const PAPER_SIZES = ['A4', 'LABEL_10x15'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

const CM = 72 / 2.54;
const PAGE: Record<PaperSize, [number, number]> = { A4: [595.28, 841.89], LABEL_10x15: [10 * CM, 15 * CM] };

/** A PDF of `pages` drawn by `draw`, one page each; resolves to the file's bytes. */
export async function renderPages<T>(pages: readonly T[], size: [number, number], title: string, draw: (doc: PDFKit.PDFDocument, page: T) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false, info: { Title: title, Producer: SHOP_NAME.en, Creator: SHOP_NAME.en } });
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

export function renderPackingSlips(orders: readonly PaperworkOrder[], paper: PaperSize): Promise<Buffer> {
  const draw = paper === 'A4' ? drawSlip : drawLabel;
  return renderPages(orders, PAGE[paper], paper === 'A4' ? 'Packing slips' : 'Parcel labels', (doc, o) => draw(doc, onPaper(o)));
}

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

function collectLine(o: PaperworkOrder): string {
  const cash = amountToCollect(o);
  return cash > 0 ? `COLLECT ${egp(cash)}` : 'PAID - collect nothing';
}

function shipmentLine(o: PaperworkOrder): string | undefined {
  if (!o.courier && !o.trackingNumber) return undefined;
  return [o.courier && `Courier: ${o.courier}`, o.trackingNumber && `Tracking: ${o.trackingNumber}`].filter(Boolean).join(' · ');
}

/** A4: header with the QR code, ship-to, the items with their sizes, and the cash to collect. */
function drawSlip(doc: PDFKit.PDFDocument, o: PaperworkOrder): void {
  const [pageW, pageH] = PAGE.A4;
  const m = 40;
  const w = pageW - 2 * m;
  const qr = 96;
  drawLine(doc, SHOP_NAME.en, m, m, w - qr - 12, S(20, true), 'left');
  drawLine(doc, SHOP_NAME.ar, m, m + 30, w - qr - 12, S(14), 'left');
  drawLine(doc, 'Packing slip', m, m + 56, w - qr - 12, S(12), 'left');
  drawQr(doc, o.orderNumber, pageW - m - qr, m, qr);
  let y = m + qr + 10;
  drawLine(doc, `Order ${o.orderNumber}`, m, y, w, S(16, true), 'left');
  drawLine(doc, `Placed ${placedOn(o)} (Cairo)   ·   ${o.paymentMethod}`, m, y + 26, w, S(10), 'left');
  y += 52;

  box(doc, m, y, w, 150);
  let inner = y + 10;
  drawLine(doc, 'Ship to', m + 12, inner, w - 24, S(10, true), 'left');
  inner += 18;
  drawLine(doc, o.customerName, m + 12, inner, w - 24, S(16, true));
  inner += lineHeight(S(16));
  drawLine(doc, o.phone, m + 12, inner, w - 24, S(13, true), 'left');
  inner += lineHeight(S(13));
  inner = drawParagraph(doc, streetAddress(o, isolated), m + 12, inner, w - 24, S(12), 2);
  drawLine(doc, `${o.city}   ·   ${isolated(governorateNames(o.governorate))}`, m + 12, inner, w - 24, S(12));
  y += 160;

  const shipment = shipmentLine(o);
  if (shipment) {
    drawLine(doc, shipment, m, y, w, S(11, true), 'left');
    y += 22;
  }
  if (o.notes) {
    y = drawParagraph(doc, `Notes: ${o.notes}`, m, y, w, S(10), 3) + 4;
  }

  // Items: name, size, quantity; a list longer than the page ends with how many were left out.
  const cols = { name: m, size: m + w - 150, qty: m + w - 50 };
  drawLine(doc, 'Item', cols.name, y, w - 160, S(11, true), 'left');
  drawLine(doc, 'Size', cols.size, y, 90, S(11, true), 'left');
  drawLine(doc, 'Qty', cols.qty, y, 50, S(11, true), 'right');
  y += 20;
  doc.save().moveTo(m, y - 3).lineTo(m + w, y - 3).stroke().restore();
  const collectTop = pageH - m - 70;
  const row = lineHeight(S(11));
  for (const [i, item] of o.items.entries()) {
    if (y + 2 * row > collectTop - 10 && i < o.items.length - 1) {
      drawLine(doc, `… and ${o.items.length - i} more lines (${o.itemCount} items in all)`, cols.name, y, w, S(11, true), 'left');
      break;
    }
    drawLine(doc, item.name, cols.name, y, w - 160, S(11));
    drawLine(doc, sizeLabel(item.size), cols.size, y, 90, S(11), 'left');
    drawLine(doc, String(item.quantity), cols.qty, y, 50, S(11, true), 'right');
    y += row;
  }

  box(doc, m, collectTop, w, 60, '#eeeeee');
  drawLine(doc, collectLine(o), m + 12, collectTop + 10, w - 24, S(22, true), 'left');
  drawLine(doc, `${o.itemCount} items`, m + 12, collectTop + 10, w - 24, S(12), 'right');
}

/** 10 × 15 cm label: order number and QR, the cash to collect, who and where, the items in short. */
function drawLabel(doc: PDFKit.PDFDocument, o: PaperworkOrder): void {
  const [pageW, pageH] = PAGE.LABEL_10x15;
  const m = 12;
  const w = pageW - 2 * m;
  const qr = 78;
  drawLine(doc, `${SHOP_NAME.en} - ${SHOP_NAME.ar}`, m, m, w - qr - 6, S(9), 'left');
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
  drawLine(doc, `${o.itemCount} items`, m, y, w, S(9, true), 'left');
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
