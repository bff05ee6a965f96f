import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** Export files hold customers' contact details: only the API's own user may read them. */
describe('export files on disk', () => {
  let t: TestApp;
  let root: string;
  let dir: string;
  const previous = process.env.EXPORTS_DIR;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'exports-mode-'));
    dir = path.join(root, 'exports');
    process.env.EXPORTS_DIR = dir;
    t = await createTestApp({ projector: false });
  });
  afterAll(async () => {
    await t?.close();
    if (previous === undefined) delete process.env.EXPORTS_DIR;
    else process.env.EXPORTS_DIR = previous;
    rmSync(root, { recursive: true, force: true });
  });

  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  async function runExport(): Promise<string> {
    const requested = await t.request().post('/api/admin/exports').set(auth()).send({ kind: 'newsletter' }).expect(202);
    const jobId = requested.body.jobId as string;
    for (let i = 0; i < 200; i++) {
      const status = (await t.request().get(`/api/admin/jobs/${jobId}`).set(auth()).expect(200)).body;
      if (status.state === 'failed') throw new Error(status.error);
      if (status.state === 'completed') return path.join(dir, `${jobId.replace(/[^A-Za-z0-9-]/g, '')}.csv`);
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('export did not finish');
  }

  it('writes the file 0600 inside a 0700 directory, narrowing a directory that already existed wider', async () => {
    const first = await runExport();
    expect(statSync(first).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    chmodSync(dir, 0o755);
    const second = await runExport();
    expect(statSync(second).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
