import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFileStorage, makeDirectory, narrowUploadModes } from './local-file-storage.js';

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

describe('uploads on local disk are the API user\'s only (real file system)', () => {
  let root: string;
  let outside: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'uploads-modes-'));
    outside = await mkdtemp(path.join(tmpdir(), 'uploads-outside-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('writes files 0600 and creates folders 0700, whatever the umask lets through', async () => {
    const storage = new LocalFileStorage(root);
    await storage.save('gallery/thumbs/a.webp', Buffer.from('x'));
    // A re-encode written by libvips comes with 0644; adopting it narrows it.
    const encoded = path.join(outside, 'b.jpg.out');
    await writeFile(encoded, 'y', { mode: 0o644 });
    await storage.adopt('custom/b.jpg', encoded);
    await makeDirectory(path.join(root, '.incoming', 'deep'));
    expect(await Promise.all(['gallery/thumbs/a.webp', 'custom/b.jpg'].map((f) => modeOf(path.join(root, f))))).toEqual([0o600, 0o600]);
    expect(await Promise.all(['gallery', 'gallery/thumbs', 'custom', '.incoming', '.incoming/deep'].map((d) => modeOf(path.join(root, d))))).toEqual([0o700, 0o700, 0o700, 0o700, 0o700]);
  });

  it('narrows what an older version left readable by all at start, not following links out of the folder', async () => {
    await mkdir(path.join(root, 'custom', 'thumbs'), { recursive: true, mode: 0o755 });
    await chmod(root, 0o755);
    await writeFile(path.join(root, 'custom', 'a.jpg'), 'a', { mode: 0o644 });
    await writeFile(path.join(root, 'custom', 'thumbs', 'a-small.webp'), 'a', { mode: 0o644 });
    await writeFile(path.join(root, 'custom', 'kept.jpg'), 'k', { mode: 0o600 });
    const target = path.join(outside, 'not-ours.txt');
    await writeFile(target, 't', { mode: 0o644 });
    await symlink(target, path.join(root, 'custom', 'link.txt'));

    expect(await narrowUploadModes(root)).toBe(5);
    expect(await Promise.all([root, 'custom', 'custom/thumbs'].map((d) => modeOf(path.resolve(root, d))))).toEqual([0o700, 0o700, 0o700]);
    expect(await Promise.all(['custom/a.jpg', 'custom/thumbs/a-small.webp', 'custom/kept.jpg'].map((f) => modeOf(path.join(root, f))))).toEqual([0o600, 0o600, 0o600]);
    expect(await modeOf(target)).toBe(0o644);
    expect(await narrowUploadModes(root)).toBe(0);
    expect(await narrowUploadModes(path.join(root, 'missing'))).toBe(0);
  });
});
