import { describe, expect, it, jest } from '@jest/globals';
import type { AppConfig } from '#platform/config/app-config.js';
import { ClientTokens } from './client-token.js';
import { forwardedWithoutTrustWarning } from './forwarded-without-trust.js';
import type { NextFunction, Request, Response } from 'express';

const tokensWith = (jwtSecret: string) => new ClientTokens({ jwtSecret } as AppConfig);

describe('client tokens', () => {
  it('accept their own tokens only: not another secret\'s, a changed character, a cut or padded one', () => {
    const tokens = tokensWith('secret-one');
    const token = tokens.issue();
    const id = tokens.idOf(token);
    expect(id).toBe(token.split('.')[0]);
    expect(tokens.issue()).not.toBe(token);
    expect(tokensWith('secret-two').idOf(token)).toBeUndefined();
    // Another spelling of the same bytes (the last character's unused low bits flipped) is no token either.
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = `${token.slice(0, -1)}${B64URL[B64URL.indexOf(token.at(-1)!) ^ 1]}`;
    expect(Buffer.from(sameBytes.split('.')[1], 'base64url')).toEqual(Buffer.from(token.split('.')[1], 'base64url'));
    expect(tokens.idOf(sameBytes)).toBeUndefined();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const bad of [`${token.slice(0, -1)}${last}`, token.slice(0, -1), `${token}A`, `${id}.`, id, '', 42, undefined, `${token};`]) {
      expect(tokens.idOf(bad)).toBeUndefined();
    }
  });
});

describe('forwarding headers while TRUST_PROXY is unset', () => {
  const request = (headers: Record<string, string>) => ({ headers, socket: { remoteAddress: '10.0.0.5' } }) as unknown as Request;
  const run = (middleware: ReturnType<typeof forwardedWithoutTrustWarning>, headers: Record<string, string>) => {
    const next = jest.fn();
    middleware(request(headers), {} as Response, next as unknown as NextFunction);
    expect(next).toHaveBeenCalledTimes(1);
  };

  it('are said once in the log, X-Forwarded-For or Forwarded, and never when a proxy is trusted', () => {
    const warn = jest.fn();
    const off = forwardedWithoutTrustWarning(false, { warn });
    run(off, {});
    expect(warn).not.toHaveBeenCalled();
    run(off, { forwarded: 'for=203.0.113.9' });
    run(off, { 'x-forwarded-for': '203.0.113.9' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][1])).toContain('TRUST_PROXY');

    const trusted = jest.fn();
    run(forwardedWithoutTrustWarning('loopback', { warn: trusted }), { 'x-forwarded-for': '203.0.113.9' });
    expect(trusted).not.toHaveBeenCalled();
  });
});
