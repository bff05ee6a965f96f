import { EventEmitter } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Request } from 'express';
import { until } from '#platform/testing/until.js';
import { IncomingDiskStorage } from './incoming-disk-storage.js';
import { InsufficientStorage } from './upload-space-guard.js';

/** The storage engine multer runs for every image route, driven as multer drives it, on a real disk. */
describe('IncomingDiskStorage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'incoming-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  function receive(storage: IncomingDiskStorage, part: PassThrough) {
    const res = new EventEmitter();
    const req = { res } as unknown as Request;
    const done = new Promise<{ path: string; size: number }>((resolve, reject) =>
      storage._handleFile(req, { stream: part } as unknown as Express.Multer.File, (error, info) => (error ? reject(error) : resolve(info as { path: string; size: number }))),
    );
    return { done, res };
  }

  const files = async () => (await readdir(dir).catch(() => [] as string[])).map((f) => path.join(dir, f));

  it('writes each chunk to disk as it arrives: the body is never held whole in memory', async () => {
    const storage = new IncomingDiskStorage(dir, { check: async () => () => undefined });
    const part = new PassThrough();
    const { done, res } = receive(storage, part);
    const chunk = Buffer.alloc(256 * 1024, 7);
    let settled = false;
    void done.then(() => (settled = true));

    part.write(chunk);
    // The first 256 KB are on disk while the part is still open: nothing waits for the end.
    const [file] = await until('the first chunk on disk', async () => {
      const found = await files();
      return found.length === 1 && (await stat(found[0])).size === chunk.length ? found : undefined;
    }, 5000);
    expect(settled).toBe(false);
    part.write(chunk);
    await until('the second chunk on disk', async () => (await stat(file)).size === 2 * chunk.length, 5000);
    part.end();
    expect(await done).toEqual({ path: file, size: 2 * chunk.length });

    // Gone with the response, whatever became of it.
    res.emit('close');
    await until('the received file removed', async () => (await files()).length === 0, 5000);
  });

  it('writes nothing when the space guard refuses, and answers its 507', async () => {
    const storage = new IncomingDiskStorage(dir, {
      check: async () => {
        throw new InsufficientStorage('low on disk');
      },
    });
    const part = new PassThrough();
    const { done } = receive(storage, part);
    part.end(Buffer.alloc(1024));
    await expect(done).rejects.toMatchObject({ status: 507, message: 'low on disk' });
    expect(await files()).toEqual([]);
  });

  it('names a disk that cannot be written (a file where its folder should be) and leaves nothing behind', async () => {
    const blocked = path.join(dir, 'not-a-dir');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocked, 'x'));
    const storage = new IncomingDiskStorage(path.join(blocked, 'incoming'), { check: async () => () => undefined });
    const part = new PassThrough();
    const { done } = receive(storage, part);
    part.end(Buffer.alloc(1024));
    await expect(done).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect((await files()).map((f) => path.basename(f))).toEqual(['not-a-dir']);
  });
});
