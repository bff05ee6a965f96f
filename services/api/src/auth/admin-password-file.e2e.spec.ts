/**
 * DATA_DIR/admin-password (the first admin's password `npm start` generated) lives only while it
 * is that admin's password: the API deletes it when the password is changed, and at start when
 * the stored password no longer matches it (a change whose process died before the file went, or
 * a key backup that copied it).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app.js';

describe('the generated admin password file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-password-file-'));
  const file = path.join(dir, 'admin-password');
  let t: TestApp;
  let restarted: TestApp | undefined;

  beforeAll(async () => {
    writeFileSync(file, `${TEST_ADMIN.password}\n`, { mode: 0o600 });
    t = await createTestApp({ projector: false, env: { ADMIN_PASSWORD_FILE: file } });
  });
  afterAll(async () => {
    await restarted?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stays while it is the password, and goes when the owner changes it', async () => {
    expect(existsSync(file)).toBe(true);
    const { token } = (await t.request().post('/api/admin/auth/login').send(TEST_ADMIN).expect(200)).body as { token: string };
    await t.request().post('/api/admin/auth/password').set({ Authorization: `Bearer ${token}` }).send({ currentPassword: TEST_ADMIN.password, newPassword: 'the-owner-chose-this' }).expect(200);
    expect(existsSync(file)).toBe(false);
  });

  it('is deleted at start when it holds a password the admin no longer has', async () => {
    writeFileSync(file, `${TEST_ADMIN.password}\n`, { mode: 0o600 });
    restarted = await createTestApp({ projector: false, sameDatabaseAs: t, env: { ADMIN_PASSWORD_FILE: file } });
    expect(existsSync(file)).toBe(false);
    await restarted.request().post('/api/admin/auth/login').send(TEST_ADMIN).expect(401);
  });
});
