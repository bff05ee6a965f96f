// What the suite's SMTP server received (global-setup.mjs files each message in E2E_MAILBOX_DIR):
// each message's headers, decoded subject and sender, its text part and its HTML part, as a shopper's mail program shows them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** RFC 2047 encoded words (=?UTF-8?B?…?=, =?UTF-8?Q?…?=), adjacent ones joined as they were split. */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind, text) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

/** A MIME entity: its headers (names lower-cased) and its body decoded from its transfer encoding. */
function entity(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') text = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

/** The leaf parts of a message by type (text/plain, text/html), multipart bodies opened. */
function partsOf(raw) {
  const { headers, text } = entity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return { [type.split(';')[0].trim().toLowerCase()]: text };
  return Object.assign({}, ...raw.split(`--${boundary}`).slice(1, -1).map((part) => partsOf(part.replace(/^\r?\n/, ''))));
}

function parse(raw) {
  const { headers } = entity(raw);
  const parts = partsOf(raw);
  return { headers, subject: decodeWords(headers.subject ?? ''), from: decodeWords(headers.from ?? ''), text: parts['text/plain'] ?? '', html: parts['text/html'] ?? null };
}

/** Every message received so far, oldest first. */
export function receivedMail() {
  const dir = process.env.E2E_MAILBOX_DIR;
  if (!dir) throw new Error('E2E_MAILBOX_DIR is not set: run the browser suite through its global setup');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parse(readFileSync(path.join(dir, f), 'utf8')));
}
