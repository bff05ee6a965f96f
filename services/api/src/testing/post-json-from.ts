import http from 'node:http';

/**
 * A JSON POST to the API listening on `port` whose socket comes from the loopback address `from`
 * (127.0.0.2, …), optionally claiming another client in X-Forwarded-For: how per-client limits are
 * tested honestly. Resolves with the status.
 */
export function postJsonFrom(port: number, from: string, path: string, payload: unknown, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1', port, localAddress: from, method: 'POST', path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
