import { GOVERNORATES } from '../../../../libs/domain/src/shop-config';

const GOVERNORATE_NAMES = new Map(GOVERNORATES.map((g) => [g.code, g.nameEn]));

/** The back-office shows names, not codes: ALEXANDRIA → Alexandria; a code the shop no longer lists shows as it is. */
export function governorateName(code: string | null | undefined): string {
  if (!code) return '';
  return GOVERNORATE_NAMES.get(code as (typeof GOVERNORATES)[number]['code']) ?? code;
}
