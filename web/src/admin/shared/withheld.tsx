import { WITHHELD } from '../../../../libs/domain/src/personal-data/withheld';

/** A value the server withheld from this role (personal data it may not read): said so, never shown as if it were the data. */
export function Withheld() {
  return (
    <span className="italic text-gray-500" title="Personal data your role may not read">
      {WITHHELD}
    </span>
  );
}

export function isWithheld(value: unknown): boolean {
  return value === WITHHELD;
}
