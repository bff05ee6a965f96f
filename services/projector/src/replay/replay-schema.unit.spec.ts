import { replaySchemaProblem } from './replay-schema.js';

describe('replaySchemaProblem', () => {
  it('accepts a new lower-case schema name', () => {
    expect(replaySchemaProblem('analysis_sizes')).toBeUndefined();
    expect(replaySchemaProblem('shop_nov1')).toBeUndefined();
  });

  it.each(['read', 'projector', 'event_store', 'public', 'pg_temp_1', 'information_schema'])('refuses %s, a schema of the shop or of PostgreSQL', (name) => {
    expect(replaySchemaProblem(name)).toContain('own');
  });

  it.each(['Analysis', 'a-b', '1st', 'x"; DROP SCHEMA read CASCADE; --', 'a'.repeat(64)])('refuses %j, which is no plain identifier', (name) => {
    expect(replaySchemaProblem(name)).toContain('lower-case letters');
  });

  it('asks for a name when there is none', () => {
    expect(replaySchemaProblem(undefined)).toBe('a schema name is required (--schema)');
  });
});
