/**
 * Whether a shopper's photo will print well at the size ordered, judged by its pixels per inch on
 * paper, not by its file size (a well-compressed photo can be small and sharp). At 150 ppi or
 * more a poster looks sharp at arm's length; from 72 to 150 it prints softer (the shopper is
 * warned and may go on); under 72 pixels show as blocks and the shop refuses it.
 *
 * A photo prints in its own orientation, so its shorter side is compared with the poster's
 * shorter side and its longer with the longer.
 */
import { DomainError } from '../shared/domain-error.js';
import type { PosterSize } from '../shop-config.js';

export const SHARP_PPI = 150;
export const MINIMUM_PPI = 72;
const CM_PER_INCH = 2.54;

export type PrintVerdict = 'sharp' | 'soft' | 'refused';

export interface PrintResolution {
  verdict: PrintVerdict;
  /** Pixels per inch the photo gives at this size (whole, rounded down). */
  ppi: number;
  /** The photo's pixels, as measured. */
  width: number;
  height: number;
  /** The poster's centimetres, in the photo's orientation. */
  widthCm: number;
  heightCm: number;
  /** The pixels a sharp print needs (150 ppi), and the least accepted (72 ppi), in the photo's orientation. */
  sharpWidth: number;
  sharpHeight: number;
  minimumWidth: number;
  minimumHeight: number;
}

/** 'SIZE_40x50' → [40, 50] (centimetres, width × height). */
export function posterCentimetres(size: PosterSize): [number, number] {
  const [w, h] = size.slice('SIZE_'.length).split('x').map(Number);
  return [w, h];
}

/** The pixels a side of `cm` centimetres needs at `ppi`: 40 cm at 150 ppi → 2362. */
export function pixelsFor(cm: number, ppi: number): number {
  return Math.round((cm / CM_PER_INCH) * ppi);
}

export function printResolution(width: number, height: number, size: PosterSize): PrintResolution {
  const [short, long] = posterCentimetres(size).sort((a, b) => a - b);
  const landscape = width > height;
  const [widthCm, heightCm] = landscape ? [long, short] : [short, long];
  const needs = (ppi: number) => [pixelsFor(widthCm, ppi), pixelsFor(heightCm, ppi)] as const;
  const [sharpWidth, sharpHeight] = needs(SHARP_PPI);
  const [minimumWidth, minimumHeight] = needs(MINIMUM_PPI);
  const ppi = Math.floor(Math.min(width / (widthCm / CM_PER_INCH), height / (heightCm / CM_PER_INCH)));
  const verdict: PrintVerdict =
    width >= sharpWidth && height >= sharpHeight ? 'sharp' : width >= minimumWidth && height >= minimumHeight ? 'soft' : 'refused';
  return { verdict, ppi, width, height, widthCm, heightCm, sharpWidth, sharpHeight, minimumWidth, minimumHeight };
}

/** The refusal of a photo too small to print at this size, naming the size and the pixels it needs (params, for the shopper's language). */
export function photoTooSmallToPrint(r: PrintResolution): DomainError {
  const message =
    `This photo is ${r.width}×${r.height} pixels, too few to print at ${r.widthCm}×${r.heightCm} cm: it would give ${r.ppi} pixels per inch. ` +
    `Choose a smaller size or a photo of at least ${r.minimumWidth}×${r.minimumHeight} pixels (${r.sharpWidth}×${r.sharpHeight} for a sharp print).`;
  return new DomainError('PHOTO_TOO_SMALL_TO_PRINT', message, 'validation', { file: message }, {
    width: r.width, height: r.height, widthCm: r.widthCm, heightCm: r.heightCm, ppi: r.ppi,
    minimumWidth: r.minimumWidth, minimumHeight: r.minimumHeight, sharpWidth: r.sharpWidth, sharpHeight: r.sharpHeight,
  });
}
