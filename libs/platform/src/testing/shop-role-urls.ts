import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Role = 'superuser' | 'owner' | 'api' | 'projector' | 'maintenance' | 'keystore' | 'keyReader' | 'logWriter';

/**
 * How each of the shop's database roles reaches the embedded PostgreSQL of a shop started with
 * `npm start` on `dataDir`, the way its services do (the role passwords in database-roles.json, the
 * server reached as local-servers.mjs reaches it), for tests and benches that check what each role
 * may do.
 */
export async function shopRoleUrls(dataDir: string, database = 'postershop'): Promise<Record<Role, string>> {
  const servers = await import(pathToFileURL(path.resolve('libs/platform/bin/local-servers.mjs')).href);
  const superuser: string = servers.embeddedSuperuserUrl(path.join(dataDir, 'postgres'), database);
  const roles = JSON.parse(readFileSync(path.join(dataDir, 'database-roles.json'), 'utf8')) as Record<string, string>;
  const as = (user: string) => {
    const url = new URL(superuser);
    url.username = user;
    url.password = roles[user];
    return url.toString();
  };
  return {
    superuser,
    owner: as('shop_owner'),
    api: as('shop_api'),
    projector: as('shop_projector'),
    maintenance: as('shop_maintenance'),
    keystore: as('shop_keystore'),
    keyReader: as('shop_key_reader'),
    logWriter: as('shop_log_writer'),
  };
}
