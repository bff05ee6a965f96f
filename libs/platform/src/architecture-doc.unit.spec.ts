import { existsSync, readFileSync } from 'node:fs';

// docs/architecture.md is a newcomer's map: a path it names that no longer exists sends them the
// wrong way, so every backticked repository path in it must exist.
const doc = readFileSync('docs/architecture.md', 'utf8');
const named = [...doc.matchAll(/`((?:libs|services|web|docs|bench)\/[^`\s]+)`/g)].map((m) => m[1]!);

describe('docs/architecture.md', () => {
  it('names the parts and the files a newcomer opens first', () => {
    expect(named.length).toBeGreaterThan(30);
  });

  it.each(named)('names %s, which exists', (path) => {
    expect(existsSync(path)).toBe(true);
  });
});
