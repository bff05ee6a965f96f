// @ts-expect-error: plain-Node launcher module without type declarations
import { connectionParts, howToConnect, tcpUrl } from '../bin/db-psql.mjs';

describe('npm run db:psql', () => {
  const url = 'postgres://postgres:p%40ss%2Fw0rd@127.0.0.1:38369/postershop?host=%2Ftmp%2Fpg-38369';

  it('connects over TCP, not through the Unix socket only the shop reaches', () => {
    expect(tcpUrl(url)).toBe('postgres://postgres:p%40ss%2Fw0rd@127.0.0.1:38369/postershop');
  });

  it('says what any SQL client needs, password decoded, when there is no psql', () => {
    expect(connectionParts(url)).toEqual({ host: '127.0.0.1', port: '38369', user: 'postgres', password: 'p@ss/w0rd', database: 'postershop' });
    expect(howToConnect(url)).toContain('host 127.0.0.1, port 38369, user postgres, password p@ss/w0rd, database postershop');
  });
});
