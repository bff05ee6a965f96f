/**
 * What text the shop accepts, anywhere: from a client at the HTTP edge and into the event log.
 * PostgreSQL cannot store NUL in text or jsonb, nor a lone surrogate in jsonb; C0 controls and
 * non-characters are never part of a name, address or code a person typed. One rule, so the
 * edge refuses exactly what the log would refuse (and a little more: controls).
 */

export type TextProblem = 'NUL byte' | 'control character' | 'lone surrogate' | 'non-character';

export interface TextRuleOptions {
  /** Tab, line feed and carriage return are allowed (multi-line fields, and the log's own check). */
  allowLineBreaks?: boolean;
}

// Fast path: most text is plain; one regex test decides. \uFDD0-\uFDEF and \uFFFE\uFFFF are the
// BMP non-characters; astral non-characters (U+1FFFE…) are checked in the slow path.
// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000-\u001f\u007f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]/;

/** The first reason `text` is refused, or undefined when it is acceptable. */
export function textProblem(text: string, options: TextRuleOptions = {}): TextProblem | undefined {
  if (!SUSPECT.test(text)) return undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return 'NUL byte';
    if (c < 0x20 || c === 0x7f) {
      if (options.allowLineBreaks && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return 'control character';
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'lone surrogate';
      const codePoint = ((c - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
      if ((codePoint & 0xfffe) === 0xfffe) return 'non-character';
      i++;
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'lone surrogate';
    if ((c >= 0xfdd0 && c <= 0xfdef) || c === 0xfffe || c === 0xffff) return 'non-character';
  }
  return undefined;
}

export interface TextViolation {
  /** Where in the value: `customer.firstName`, `items[2].name`, or `<path> (key)` for an object key. */
  path: string;
  problem: TextProblem;
  /** Set when an object key broke the rule and `hideKeys` was asked: `path` is then the object holding it. */
  inKey?: true;
}

export interface TextWalkOptions extends TextRuleOptions {
  /** Keys whose values (and their arrays) may hold tab and line breaks: multi-line fields. */
  multiLineKeys?: ReadonlySet<string>;
  /** Report a bad key at the object holding it instead of quoting it (it is the hostile text). */
  hideKeys?: boolean;
}

/**
 * Whether any string or object key in `value` holds a character the fast path of textProblem
 * would look at. When none does, no rule can refuse anything in it, whatever the options: this
 * pass decides that for almost every value an append carries, allocating nothing per string
 * (the log checks every event's data and metadata); the full walk below runs only otherwise.
 */
function holdsSuspectText(value: unknown): boolean {
  if (typeof value === 'string') return SUSPECT.test(value);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const item of v) {
        if (typeof item === 'string') {
          if (SUSPECT.test(item)) return true;
        } else if (item !== null && typeof item === 'object') stack.push(item);
      }
    } else if (v !== null && typeof v === 'object') {
      for (const key in v) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        if (SUSPECT.test(key)) return true;
        const item = (v as Record<string, unknown>)[key];
        if (typeof item === 'string') {
          if (SUSPECT.test(item)) return true;
        } else if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
  return false;
}

/** A place in the walk: its value, and how to name it only if it is refused (no path strings on the way). */
interface Place {
  value: unknown;
  parent: Place | undefined;
  /** Object key or array index under the parent. */
  at: string | number;
  lineBreaks: boolean;
}

function pathOf(place: Place | undefined, root: string): string {
  const parts: string[] = [];
  for (let p = place; p?.parent; p = p.parent) parts.push(typeof p.at === 'number' ? `[${p.at}]` : `.${p.at}`);
  const path = root + parts.reverse().join('');
  return path.startsWith('.') ? path.slice(1) : path;
}

/**
 * The first string (value or object key) anywhere in a JSON-like value that breaks the rule.
 * Iterative, so a deeply nested value cannot overflow the stack here; paths are built only for
 * the refused string, so the walk is cheap enough for every append.
 */
export function findTextViolation(value: unknown, options: TextWalkOptions = {}, root = ''): TextViolation | undefined {
  if (!holdsSuspectText(value)) return undefined;
  const all = options.allowLineBreaks ?? false;
  const multiLine = (key: string) => all || (options.multiLineKeys?.has(key) ?? false);
  const keyRule = { allowLineBreaks: all };
  const stack: Place[] = [{ value, parent: undefined, at: root, lineBreaks: multiLine(root.slice(root.lastIndexOf('.') + 1)) }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const v = place.value;
    if (typeof v === 'string') {
      const problem = textProblem(v, { allowLineBreaks: place.lineBreaks });
      if (problem) return { path: pathOf(place, root) || '(value)', problem };
    } else if (Array.isArray(v)) {
      // The elements of a multi-line field's array (several notes) are multi-line too.
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: place, at: i, lineBreaks: place.lineBreaks });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const problem = textProblem(key, keyRule);
        if (problem) {
          const holder = pathOf(place, root);
          if (options.hideKeys) return { path: holder, problem, inKey: true };
          return { path: `${holder ? `${holder}.` : ''}${key} (key)`, problem };
        }
        stack.push({ value: (v as Record<string, unknown>)[key], parent: place, at: key, lineBreaks: multiLine(key) });
      }
    }
  }
  return undefined;
}
