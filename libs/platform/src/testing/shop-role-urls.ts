import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How each of the shop's database roles reaches the embedded PostgreSQL of a shop started with
 * `npm start` on `dataDir` (the role passwords in database-roles.json, the superuser's and the port
 * in the server's data directory), for tests and benches that check what each role may do.
 */
export function shopRoleUrls(dataDir: string, database = 'postershop'): Record<'superuser' | 'owner' | 'api' | 'projector' | 'maintenance' | 'keystore' | 'keyReader', string> {
  const pgDir = path.join(dataDir, 'postgres');
  const port = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const roles = JSON.parse(readFileSync(path.join(dataDir, 'database-roles.json'), 'utf8')) as Record<string, string>;
  const url = (user: string, password: string) => `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    superuser: url('postgres', readFileSync(path.join(pgDir, 'superuser-password'), 'utf8').trim()),
    owner: url('shop_owner', roles.shop_owner),
    api: url('shop_api', roles.shop_api),
    projector: url('shop_projector', roles.shop_projector),
    maintenance: url('shop_maintenance', roles.shop_maintenance),
    keystore: url('shop_keystore', roles.shop_keystore),
    keyReader: url('shop_key_reader', roles.shop_key_reader),
  };
}
