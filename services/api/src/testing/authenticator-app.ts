import { generate } from 'otplib';

/** What an authenticator app shows `offsetSteps` time steps from now (otplib: an independent RFC 6238 implementation). */
export function appCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

/** Six digits no app would show within a step of now: deterministic, never a lucky guess. */
export async function wrongCode(secret: string, skip = 0): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => appCode(secret, s))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code) && skip-- <= 0) return code;
  }
}
