/**
 * WOFF 1.0 → the TrueType/OpenType file it wraps. The fonts come from @fontsource as WOFF, and
 * fontkit inflates a WOFF table again on every read of it (in JavaScript): drawing one page of
 * Arabic took about a second. Inflated once here with zlib, the same font draws a page in
 * milliseconds. Tables keep their bytes and checksums, so the result is the font as it was made.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength, checksum] = [4, 8, 12, 16].map((o) => woff.readUInt32BE(at + o));
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table has the wrong length');
    return { tag: woff.readUInt32BE(at), checksum, data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const record = 12 + 16 * i;
    header.writeUInt32BE(t.tag, record);
    header.writeUInt32BE(t.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(t.data.length, record + 12);
    // Every table starts on a 4-byte boundary.
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
