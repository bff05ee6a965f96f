// The mark `npm run restore -- --accept-unerased` leaves in DATA_DIR: the shop was restored from a
// backup without a newer erasure ledger, so people erased after that backup may be in it again
// (docs/adr/026). `npm start` prints it in its banner on every start while the file exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const UNERASED_RESTORE_FILE = 'unerased-restore.json';

/** The banner's lines for a shop restored without erasures, or [] for any other. */
export function unerasedRestoreNotice(dataDir) {
  const file = path.join(dataDir, UNERASED_RESTORE_FILE);
  if (!existsSync(file)) return [];
  let takenAt = 'an unknown time';
  try {
    takenAt = JSON.parse(readFileSync(file, 'utf8')).takenAt ?? takenAt;
  } catch {
    // A damaged mark still marks.
  }
  return [
    `  ERASURES      NOT APPLIED: restored from the backup of ${takenAt} with --accept-unerased. Anyone erased after`,
    `                that time is back in this shop: erase them again (their ids are in a newer backup's keys/erasures.json),`,
    `                then delete DATA_DIR/${UNERASED_RESTORE_FILE}.`,
  ];
}
