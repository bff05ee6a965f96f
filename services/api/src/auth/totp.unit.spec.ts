import { createHmac } from 'node:crypto';
import { base32Decode, base32Encode, hotp, matchingStep, newRecoveryCodes, otpauthUri, totp, type TotpAlgorithm } from './totp.js';

// RFC 6238 appendix B: 8-digit codes, with the seed's ASCII repeated to the hash's key length.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [seconds: number, codes: Record<TotpAlgorithm, string>][] = [
  [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
  [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
  [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
  [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
  [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
  [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vectors at %i s', (seconds, codes) => {
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      expect([algorithm, totp(SEEDS[algorithm], seconds * 1000, { algorithm, digits: 8 })]).toEqual([algorithm, codes[algorithm]]);
    }
  });

  it('matches RFC 4226 appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SEEDS.sha1, counter))).toEqual(expected);
  });

  it('agrees with an authenticator computed independently from the otpauth URI', () => {
    const secret = Buffer.from('a secret of twenty b');
    const uri = new URL(otpauthUri('Poster Shop', 'sara.agent', secret));
    const fromUri = base32Decode(uri.searchParams.get('secret') ?? '')!;
    // The authenticator's algorithm written out again, from the RFC's description, without this module.
    const at = 1_764_000_000_000;
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
    const mac = createHmac('sha1', fromUri).update(counter).digest();
    const o = mac[19] & 15;
    const code = String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
    expect(totp(secret, at)).toBe(code);
    expect(uri.protocol).toBe('otpauth:');
    expect([uri.host, decodeURIComponent(uri.pathname)]).toEqual(['totp', '/Poster Shop:sara.agent']);
  });

  it('accepts a code one step either side of now and names its step; refuses others and non-codes', () => {
    const secret = SEEDS.sha1;
    const now = 1_111_111_111_000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, totp(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totp(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totp(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, totp(secret, now - 90_000), now)).toBeUndefined();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(matchingStep(secret, bad, now)).toBeUndefined();
  });

  it('round-trips base32 and refuses text that is not base32', () => {
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb-oi======')).toEqual(Buffer.from('foobar'));
    expect(base32Decode('MZXW1')).toBeUndefined();
  });

  it('makes ten distinct recovery codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });
});
