import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { MESSAGES } from './upload-limits.js';
import { bigJpeg } from './testing/test-images.js';

const mount = (...args: string[]) => spawnSync('mount', args, { encoding: 'utf8' }).status === 0;
const umount = (dir: string) => spawnSync('umount', [dir], { encoding: 'utf8' });

/**
 * Real disks when this machine lets us mount (root with CAP_SYS_ADMIN): a read-only tmpfs
 * (EROFS) and a tiny tmpfs that fills up mid-write (ENOSPC). chmod is no test here: root
 * writes through 0500. Elsewhere the same cases run with the error injected, and say so.
 */
const probe = mkdtempSync(path.join(os.tmpdir(), 'mount-probe-'));
const canMount = mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe) && umount(probe).status === 0;
rmSync(probe, { recursive: true, force: true });
const how = (real: string) => (canMount ? real : 'simulated: this machine cannot mount a tmpfs, the storage throws the error code');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('uploads on a disk that refuses them (real API, custom poster upload)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'uploads-fault-'));
  const uploads = path.join(root, 'uploads');
  let t: TestApp;
  let jpeg: Buffer;
  let storage: FileStorage;
  let realAdopt: FileStorage['adopt'];

  beforeAll(async () => {
    mkdirSync(uploads);
    // The free-space watermark would refuse before the first byte on a 64 KB disk; this file is
    // about the writes that fail anyway (upload-space-guard.e2e.spec.ts tests the watermark).
    process.env.UPLOADS_MIN_FREE_MB = '0';
    t = await createTestApp({ projector: false, env: { UPLOADS_DIR: uploads } });
    storage = t.app.get<FileStorage>(FILE_STORAGE);
    realAdopt = storage.adopt.bind(storage);
    jpeg = await bigJpeg();
  }, 60_000);

  afterEach(() => {
    storage.adopt = realAdopt;
    umount(uploads);
  });

  afterAll(async () => {
    umount(uploads);
    await t?.close();
    delete process.env.UPLOADS_MIN_FREE_MB;
    rmSync(root, { recursive: true, force: true });
  });

  /** Either the real disk condition, or (where mounting is impossible) the same errno from the storage. */
  function disk(kind: 'read-only' | 'full' | 'no permission') {
    const errno = { 'read-only': 'EROFS', full: 'ENOSPC', 'no permission': 'EACCES' }[kind];
    if (kind !== 'no permission' && canMount) {
      const ok = kind === 'read-only' ? mount('-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', uploads) : mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', uploads);
      expect(ok).toBe(true);
      return;
    }
    storage.adopt = async () => {
      throw Object.assign(new Error(`${errno}: refused by the test`), { code: errno });
    };
  }

  const upload = () => t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', jpeg, 'photo.jpg');

  it(`answers 503 with a message and stores nothing when the uploads directory is read-only (${how('a read-only tmpfs mounted over it: EROFS')})`, async () => {
    disk('read-only');
    const before = await t.eventCount();
    const res = await upload();
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 503, message: MESSAGES.storageUnwritable });
    expect(filesUnder(uploads)).toEqual([]);
    expect(await t.eventCount()).toBe(before);
  });

  it(`answers 507 with a message and leaves no partial file when the disk fills mid-write (${how('a 64 KB tmpfs mounted over it, the image is larger: ENOSPC')})`, async () => {
    disk('full');
    expect(jpeg.length).toBeGreaterThan(64 * 1024);
    const before = await t.eventCount();
    const res = await upload();
    expect({ status: res.status, error: res.body.error, message: res.body.message }).toEqual({
      status: 507,
      error: 'Insufficient Storage',
      message: MESSAGES.storageFull,
    });
    expect(filesUnder(uploads)).toEqual([]);
    expect(await t.eventCount()).toBe(before);
  });

  it('answers 503 with a message when the storage refuses permission (injected EACCES: root ignores chmod 0500)', async () => {
    disk('no permission');
    const res = await upload();
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 503, message: MESSAGES.storageUnwritable });
    expect(filesUnder(uploads)).toEqual([]);
  });

  it('stores uploads again once the disk is writable (the same directory, nothing mounted over it)', async () => {
    const res = await upload().expect(201);
    const stored = filesUnder(uploads).map((f) => path.relative(uploads, f));
    expect(stored).toContain(res.body.customImagePath.replace(/^\/uploads\//, ''));
  });
});
