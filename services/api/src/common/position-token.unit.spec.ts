import { describe, expect, it } from '@jest/globals';
import { POSITION_TOKEN_LENGTH, PositionTokens } from './position-token.js';

describe('PositionTokens (sealed read-your-writes tokens)', () => {
  const tokens = new PositionTokens('one secret');
  const position = { commit: 757n, prepare: 118n };

  it('opens what it sealed, and the token shows no digit of the position', () => {
    const token = tokens.seal(position);
    expect(tokens.open(token)).toEqual(position);
    expect(token).not.toContain('757');
    expect(token).toMatch(/^rw1\.[\w-]+$/);
  });

  it('gives every position the same length and the same position a new token each time', () => {
    const small = tokens.seal({ commit: 1n, prepare: 1n });
    const large = tokens.seal({ commit: 99_999_999_999_999_999_999n, prepare: -99_999_999_999_999_999_999n });
    expect([small.length, large.length]).toEqual([POSITION_TOKEN_LENGTH, POSITION_TOKEN_LENGTH]);
    expect(tokens.open(large)).toEqual({ commit: 99_999_999_999_999_999_999n, prepare: -99_999_999_999_999_999_999n });
    expect(tokens.seal(position)).not.toBe(tokens.seal(position));
  });

  it('opens nothing altered, truncated, foreign or sealed under another secret', () => {
    const token = tokens.seal(position);
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect(tokens.open(flipped)).toBeUndefined();
    expect(tokens.open(token.slice(0, -1))).toBeUndefined();
    expect(tokens.open('757/118')).toBeUndefined();
    expect(tokens.open('rw1.' + '!'.repeat(POSITION_TOKEN_LENGTH - 4))).toBeUndefined();
    expect(new PositionTokens('another secret').open(token)).toBeUndefined();
    // Another process with the same secret opens it (several API processes behind one balancer).
    expect(new PositionTokens('one secret').open(token)).toEqual(position);
  });
});
