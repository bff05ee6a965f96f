/**
 * Text on the paperwork's pages: Noto Naskh Arabic (its Arabic and its Latin subsets, regular and
 * bold, from @fontsource's WOFF files unwrapped to TrueType, which pdfkit subsets into the PDF), each line
 * ordered by the bidi algorithm (bidi-runs.ts) and shaped by fontkit, so Arabic letters join and
 * read right to left, and a copied or extracted name comes out as it was typed.
 */
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import { isRtlText, visualRuns, type RunFont } from './bidi-runs.js';
import { woffToSfnt } from './woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const fontFile = (subset: 'arabic' | 'latin', weight: 400 | 700) => require.resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-${subset}-${weight}-normal.woff`);

type FontName = `${RunFont}-${400 | 700}`;
let fonts: Map<FontName, unknown> | undefined;

/**
 * The four faces, parsed once per process and shared by every document: parsing a font's layout
 * tables again for each PDF cost more than drawing its page. pdfkit takes a parsed (fontkit) font
 * as well as a file; one is had from a document that is never written.
 */
function parsedFonts(): Map<FontName, unknown> {
  if (!fonts) {
    const probe = new PDFDocument({ autoFirstPage: false });
    fonts = new Map(
      (['arabic', 'latin'] as const).flatMap((subset) =>
        ([400, 700] as const).map((weight) => {
          const name: FontName = `${subset}-${weight}`;
          probe.registerFont(name, woffToSfnt(readFileSync(fontFile(subset, weight))));
          probe.font(name);
          return [name, (probe as unknown as { _font: { font: unknown } })._font.font] as const;
        }),
      ),
    );
  }
  return fonts;
}

export function registerPaperworkFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, font] of parsedFonts()) doc.registerFont(name, font as Buffer);
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

// Shape each run whole (any `features` value makes pdfkit hand fontkit the run, not word by word,
// which would lay the words of a right-to-left run out left to right).
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

/** The face for a run, with distinct text per glyph use (see distinctGlyphText). */
function useFont(doc: PDFKit.PDFDocument, font: RunFont, style: TextStyle): void {
  doc.font(`${font}-${style.bold ? 700 : 400}`).fontSize(style.size);
  distinctGlyphText((doc as unknown as { _font: EmbeddedFont })._font);
}

function runWidth(doc: PDFKit.PDFDocument, run: { font: RunFont; text: string }, style: TextStyle): number {
  useFont(doc, run.font, style);
  return (shape((doc as unknown as { _font: EmbeddedFont })._font, run.text).advanceWidth * style.size) / 1000;
}

export function lineWidth(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  return visualRuns(text).reduce((sum, run) => sum + runWidth(doc, run, style), 0);
}

/**
 * One line in a box `width` wide: right-aligned when it reads right to left, left-aligned otherwise
 * (or as `align` says). Text wider than the box is cut at the end of its words, never overprinted.
 */
export function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, style: TextStyle, align: 'start' | 'left' | 'right' | 'center' = 'start'): void {
  const line = fitLine(doc, text, width, style);
  const used = lineWidth(doc, line, style);
  const side = align === 'start' ? (isRtlText(line) ? 'right' : 'left') : align;
  let cursor = side === 'left' ? x : side === 'right' ? x + width - used : x + (width - used) / 2;
  doc.fillColor(style.color ?? '#000000');
  for (const run of visualRuns(line)) {
    useFont(doc, run.font, style);
    doc.text(run.text, cursor, y, { lineBreak: false, ...WHOLE_RUN });
    cursor += runWidth(doc, run, style);
  }
}

/** Height of one line of `style`. */
export function lineHeight(style: TextStyle): number {
  return style.size * 1.55;
}

/**
 * `text` broken into lines that fit `width` (at spaces; a word longer than a line is cut), at most
 * `maxLines`, the last one ending in … when text was left out. Each line is ordered on its own.
 */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle, maxLines = Infinity): string[] {
  const words = text.replace(/\s+/gu, ' ').trim().split(' ').filter(Boolean);
  // A line is as wide as its words and spaces, whatever order bidi draws them in.
  const space = lineWidth(doc, 'a a', style) - lineWidth(doc, 'aa', style);
  const lines: string[] = [];
  let current: string[] = [];
  let used = 0;
  let taken = 0;
  for (const word of words) {
    const w = lineWidth(doc, word, style);
    if (current.length > 0 && used + space + w <= width) {
      current.push(word);
      used += space + w;
    } else {
      if (current.length > 0) lines.push(current.join(' '));
      if (lines.length >= maxLines) break;
      current = [w <= width ? word : cutToWidth(doc, word, width, style)];
      used = Math.min(w, width);
    }
    taken++;
  }
  if (current.length > 0 && lines.length < maxLines) lines.push(current.join(' '));
  if (taken < words.length || lines.length > maxLines) {
    lines.length = Math.min(lines.length, maxLines);
    lines[lines.length - 1] = fitLine(doc, `${lines[lines.length - 1]} …`, width, style);
  }
  return lines;
}

/** Draws wrapped text from (x, y); answers the y below it. */
export function drawParagraph(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, style: TextStyle, maxLines = Infinity): number {
  for (const line of wrapText(doc, text, width, style, maxLines)) {
    drawLine(doc, line, x, y, width, style);
    y += lineHeight(style);
  }
  return y;
}

function fitLine(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): string {
  if (lineWidth(doc, text, style) <= width) return text;
  const words = text.split(' ');
  // The longest start of whole words that fits with an ellipsis, found by halving.
  let lo = 0;
  let hi = words.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (lineWidth(doc, `${words.slice(0, mid).join(' ')} …`, style) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? `${words.slice(0, lo).join(' ')} …` : cutToWidth(doc, text, width, style);
}

function cutToWidth(doc: PDFKit.PDFDocument, word: string, width: number, style: TextStyle): string {
  const chars = [...word];
  let lo = 1;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (lineWidth(doc, `${chars.slice(0, mid).join('')}…`, style) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('')}…`;
}

/** The parts of pdfkit's embedded font this module reaches into. */
interface EmbeddedFont {
  font?: { getGlyph(id: number, codePoints?: number[]): Glyph; _glyphs: Record<number, Glyph> };
  subset?: { includeGlyph(id: number): number; glyphs: number[]; mapping: Record<number, number> };
  widths: number[];
  unicode: number[][];
  scale: number;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: Array<Record<string, number>> };
  encode(text: string, features?: unknown): [string[], unknown[]];
  widthOfString(text: string, size: number, features?: unknown): number;
  distinctGlyphText?: true;
}
interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

interface Shaped {
  glyphs: Glyph[];
  positions: Array<Record<string, number>>;
  /** In thousandths of the font size. */
  advanceWidth: number;
}

/**
 * Shaping is the costly part of a page (fontkit plans and runs the font's lookups for each run), and
 * batches repeat most of their text: a run's shape is kept per font, shared by every document, at
 * most SHAPES_KEPT runs a font (then forgotten all at once).
 */
const shapes = new WeakMap<object, Map<string, Shaped>>();
const SHAPES_KEPT = 20_000;

/**
 * An Arabic font draws several letters with one glyph and tells them apart by their dots (beh, noon,
 * yeh share a body), and a PDF maps each glyph to one text. fontkit caches glyph objects with the
 * letters of their first shaping, so shaping here makes fresh glyph objects: each carries its own letters.
 */
function shape(font: EmbeddedFont, text: string): Shaped {
  const fontkitFont = font.font!;
  let kept = shapes.get(fontkitFont);
  if (!kept) shapes.set(fontkitFont, (kept = new Map()));
  const known = kept.get(text);
  // Shapes are kept for whole runs (WHOLE_RUN): pdfkit's own word-by-word layout is never used.
  if (known) return known;
  const cached = fontkitFont.getGlyph;
  fontkitFont.getGlyph = function fresh(this: typeof fontkitFont, id, codePoints) {
    delete this._glyphs[id];
    return cached.call(this, id, codePoints);
  };
  let laidOut: { glyphs: Glyph[]; positions: Array<Record<string, number>> };
  try {
    laidOut = font.layout(text, WHOLE_RUN.features);
  } finally {
    fontkitFont.getGlyph = cached;
  }
  const shaped = { ...laidOut, advanceWidth: laidOut.positions.reduce((sum, p) => sum + p.xAdvance, 0) };
  if (kept.size >= SHAPES_KEPT) kept.clear();
  kept.set(text, shaped);
  return shaped;
}

/**
 * pdfkit maps a glyph to the letters of its first use, so "عبد" after "منى" would be extracted as
 * "عند": here each (glyph, letters) pair gets its own glyph number in the document's font subset.
 */
function distinctGlyphText(font: EmbeddedFont): void {
  if (font.distinctGlyphText || !font.subset || !font.font) return;
  font.distinctGlyphText = true;
  const subset = font.subset;
  const numbers = new Map<string, number>();
  font.encode = function encode(this: EmbeddedFont, text) {
    const { glyphs, positions } = shape(this, text);
    const encoded = glyphs.map((glyph) => {
      const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
      let gid = numbers.get(key);
      if (gid === undefined) {
        if (subset.mapping[glyph.id] === undefined) gid = subset.includeGlyph(glyph.id);
        else gid = subset.glyphs.push(glyph.id) - 1;
        numbers.set(key, gid);
        this.widths[gid] = glyph.advanceWidth * this.scale;
        this.unicode[gid] = glyph.codePoints;
      }
      return gid.toString(16).padStart(4, '0');
    });
    // pdfkit may adjust positions while drawing: it gets copies, the kept shape stays as shaped.
    return [encoded, positions.map((p) => ({ ...p }))];
  };
  // pdfkit measures each string it draws too: from the same kept shapes.
  font.widthOfString = function widthOfString(this: EmbeddedFont, text, size) {
    return (shape(this, text).advanceWidth * size) / 1000;
  };
}
