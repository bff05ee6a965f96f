import { sniffImageFormat } from './image-sniffer.js';
import { noiseImage } from './testing/test-images.js';

describe('sniffImageFormat', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('recognises a real %s by its bytes', async (format) => {
    expect(sniffImageFormat(await noiseImage(format, 8, 8))).toBe(format);
  });

  it('refuses text, a GIF, an SVG and an empty buffer whatever they are called', () => {
    expect(sniffImageFormat(Buffer.from('just some text pretending to be photo.jpg'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('refuses a RIFF container that is not WebP (e.g. a WAV)', () => {
    expect(sniffImageFormat(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeUndefined();
  });
});
