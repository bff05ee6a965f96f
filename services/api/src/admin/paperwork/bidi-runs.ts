/**
 * A line of text as a PDF must draw it: left to right, in runs of one font. PDF has no text
 * direction, so the Unicode bidi algorithm (bidi-js) orders the runs here; fontkit then shapes each
 * run (Arabic letters joined) and reverses a run itself when it detects a right-to-left script.
 * Pure: the font choice is a predicate, so it is tested without fonts.
 */
import bidiFactory from 'bidi-js';
import { withoutEmbeddings } from '#domain/shared/bidi-text.js';

const bidi = bidiFactory();

export type RunFont = 'arabic' | 'latin';

export interface VisualRun {
  /** The characters to hand to the shaper, in the order that makes it draw them right. */
  text: string;
  /** The run as written (logical order), for measuring and tests. */
  logical: string;
  font: RunFont;
  rtl: boolean;
}

/** Characters the Arabic font draws: the Arabic blocks and presentation forms (its digits ٠-٩ too). */
const ARABIC_FONT = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]/u;
/** fontkit reverses a run whose first script-bearing character is of a right-to-left script. */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NEUTRAL_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
// Bidi controls and other invisible formatting: their effect is taken by the algorithm, a font has no glyph for them.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

export function fontFor(char: string): RunFont {
  return ARABIC_FONT.test(char) ? 'arabic' : 'latin';
}

function fontkitReverses(text: string): boolean {
  for (const c of text) if (!NEUTRAL_SCRIPT.test(c)) return RTL_SCRIPT.test(c);
  return false;
}

/**
 * The direction of a line's first strong character outside isolates (as the bidi algorithm finds a
 * paragraph's), or, when every strong character is inside one, of the first inside: a line that is
 * only isolated values (a name, a street and its building) reads the way its first value does.
 */
function firstStrongDirection(text: string): 'ltr' | 'rtl' | undefined {
  let inside: 'ltr' | 'rtl' | undefined;
  let depth = 0;
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'LRI' || type === 'RLI' || type === 'FSI') depth++;
    else if (type === 'PDI') depth = Math.max(0, depth - 1);
    else if (type === 'L' || type === 'R' || type === 'AL') {
      const direction = type === 'L' ? 'ltr' : 'rtl';
      if (depth === 0) return direction;
      inside ??= direction;
    }
  }
  return inside;
}

/** Whether a line reads right to left: its first strong character is Arabic (or Hebrew…). */
export function isRtlText(text: string): boolean {
  return firstStrongDirection(withoutEmbeddings(text)) === 'rtl';
}

/**
 * The runs of one line, left to right on the page. `direction` is the paragraph's (auto: its first
 * strong character). A space joins the run before it when it reads in the same direction (both fonts have one),
 * else it starts a run of its direction's font. Embeddings and overrides are dropped before the
 * algorithm sees them (a stored value may hold one; it would turn the rest of the line around);
 * isolates are kept, so each isolated value is laid out on its own.
 */
export function visualRuns(text: string, direction: 'auto' | 'ltr' | 'rtl' = 'auto'): VisualRun[] {
  const line = withoutEmbeddings(text);
  const { levels } = bidi.getEmbeddingLevels(line, direction === 'auto' ? (firstStrongDirection(line) ?? 'ltr') : direction);
  const runs: Array<{ level: number; font: RunFont; chars: string[] }> = [];
  let unit = 0;
  for (const char of line) {
    const level = levels[unit];
    unit += char.length;
    if (INVISIBLE.test(char)) continue;
    const last = runs[runs.length - 1];
    const font = !/\s/u.test(char) ? fontFor(char) : last?.level === level ? last.font : level % 2 === 1 ? 'arabic' : 'latin';
    if (last && last.level === level && last.font === font) last.chars.push(char);
    else runs.push({ level, font, chars: [char] });
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence at or above it.
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i].level < level) { i++; continue; }
      let j = i;
      while (j < runs.length && runs[j].level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map(({ level, font, chars }) => {
    const rtl = level % 2 === 1;
    // A right-to-left run shows mirrored brackets; fontkit reverses only runs of a right-to-left script,
    // so any other run whose direction differs from the shaper's is reversed here.
    const shown = chars.map((c) => (rtl ? (bidi.getMirroredCharacter(c) ?? c) : c));
    const text = fontkitReverses(shown.join('')) === rtl ? shown.join('') : shown.reverse().join('');
    return { text, logical: chars.join(''), font, rtl };
  });
}
