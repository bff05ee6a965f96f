import type { PrintResolution } from '../../../libs/domain/src/catalog/print-resolution';
import type { Locale } from '../app/ui-slice';
import { formatNumber, formatPlainNumber, formatSize } from './numbers';

type PrintFigures = Pick<PrintResolution, 'width' | 'height' | 'ppi' | 'widthCm' | 'heightCm' | 'minimumWidth' | 'minimumHeight' | 'sharpWidth' | 'sharpHeight'>;

/**
 * The figures a print-resolution message names, in the page's digits: the size as the catalogue
 * writes it (shorter side first, whichever way the photo is turned), pixels as plain numbers.
 */
export function printVars(p: PrintFigures, locale: Locale): Record<string, string> {
  const pixels = (w: number, h: number) => `${formatPlainNumber(w, locale)}×${formatPlainNumber(h, locale)}`;
  return {
    size: formatSize(`${Math.min(p.widthCm, p.heightCm)}x${Math.max(p.widthCm, p.heightCm)}`, locale),
    ppi: formatNumber(p.ppi, locale),
    pixels: pixels(p.width, p.height),
    minimum: pixels(p.minimumWidth, p.minimumHeight),
    sharp: pixels(p.sharpWidth, p.sharpHeight),
  };
}

/** The params of a PHOTO_TOO_SMALL_TO_PRINT refusal, when they are all there. */
export function printFiguresOf(params: unknown): PrintFigures | null {
  if (!params || typeof params !== 'object') return null;
  const p = params as Record<string, unknown>;
  const keys = ['width', 'height', 'ppi', 'widthCm', 'heightCm', 'minimumWidth', 'minimumHeight', 'sharpWidth', 'sharpHeight'] as const;
  return keys.every((k) => typeof p[k] === 'number') ? (p as unknown as PrintFigures) : null;
}
