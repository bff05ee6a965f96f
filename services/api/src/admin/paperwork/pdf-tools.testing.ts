// Poppler's command-line tools read the PDFs back in tests: text as a reader would copy it, pages
// as pixels, page count and size.
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';

/** pdftotext's text of one page (or all), without the bidi marks it puts around runs of another direction. */
export function pdfText(pdf: Buffer, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', [...range, '-', '-'], { input: pdf }).toString('utf8').replace(/[\u200E\u200F\u202A-\u202E]/gu, '');
}

export function pdfInfo(pdf: Buffer): { pages: number; pageSize: string } {
  const out = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]), pageSize: /^Page size:\s+(.+)$/m.exec(out)?.[1] ?? '' };
}

/** Share of dark pixels on the first page rendered at 40 dpi: 0 for a blank page. */
export async function inkOnFirstPage(pdf: Buffer): Promise<number> {
  const png = execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', '-singlefile', '-'], { input: pdf });
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const v of data) if (v < 128) dark++;
  return dark / (info.width * info.height);
}
