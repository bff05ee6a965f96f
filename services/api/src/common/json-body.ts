import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { BadRequestException } from '@nestjs/common';
import { bodyTextMiddleware, markBodyChecked } from './edge-text.js';

/** No form the shop takes nests more than a few levels; 32 leaves room and bounds every walk. */
export const MAX_JSON_DEPTH = 32;

export interface JsonScan {
  /** Some array or object opens deeper than the limit. */
  tooDeep: boolean;
  /**
   * A string holds an escape (`\u0000`, `\n`, `\ud800`), DEL, or a byte that starts a
   * non-character (0xEF…, 0xF0–0xF4). Only then can a parsed string break the text rule: raw
   * control bytes inside a string are a JSON syntax error, and invalid UTF-8 decodes to U+FFFD.
   */
  suspectText: boolean;
}

/**
 * One linear pass over the raw UTF-8 bytes, before JSON.parse: nesting depth outside strings
 * (so nothing downstream, parser, validators or walks, ever sees a value deeper than the limit)
 * and whether any string needs the text walk at all. Brackets inside strings do not count;
 * an escaped quote does not end a string. Stops at the first level past the limit.
 */
export function scanJson(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): JsonScan {
  let depth = 0;
  let suspectText = false;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0x22) {
      for (i++; i < n; i++) {
        const c = bytes[i];
        if (c === 0x22) break;
        if (c === 0x5c) {
          suspectText = true;
          i++;
        } else if (c === 0x7f || c >= 0xef) suspectText = true;
      }
    } else if (b === 0x5b || b === 0x7b) {
      if (++depth > maxDepth) return { tooDeep: true, suspectText };
    } else if (b === 0x5d || b === 0x7d) {
      depth--;
    }
  }
  return { tooDeep: false, suspectText };
}

const scans = new WeakMap<Request, JsonScan>();

function isUtf8(encoding: string): boolean {
  return encoding === 'utf-8' || encoding === 'utf8';
}

/**
 * express.json with the depth bound and the edge text check: the depth is scanned on the raw
 * bytes body-parser already holds (no copy), JSON.parse runs only on bodies within the limit, and
 * the parsed value is walked for the text rule only when the scan saw something that could break
 * it. Too large stays body-parser's 413, malformed stays its 400.
 */
export function jsonBody(limit: string | number, maxDepth = MAX_JSON_DEPTH): RequestHandler[] {
  const parse = express.json({
    limit,
    verify: (req, _res, buf, encoding) => {
      // The byte scan assumes UTF-8, the only JSON encoding between systems (RFC 8259 §8.1).
      if (!isUtf8(String(encoding).toLowerCase())) throw Object.assign(new Error('JSON bodies must be UTF-8'), { status: 415, type: 'charset.unsupported' });
      const scan = scanJson(buf, maxDepth);
      if (scan.tooDeep) throw new BadRequestException(`JSON body is nested more than ${maxDepth} levels deep`);
      scans.set(req as Request, scan);
    },
  });
  const checkText = (req: Request, res: Response, next: NextFunction): void => {
    const scan = scans.get(req);
    if (scan && !scan.suspectText) {
      markBodyChecked(req.body);
      return next();
    }
    bodyTextMiddleware(req, res, next);
  };
  return [parse, checkText];
}

/** urlencoded bodies (flat: extended is off) get the same text check, always walked (they are rare). */
export function urlencodedBody(limit: string | number): RequestHandler[] {
  return [express.urlencoded({ extended: false, limit }), bodyTextMiddleware];
}
