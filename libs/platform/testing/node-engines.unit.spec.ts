import { readFileSync } from 'node:fs';
import semver from 'semver';

// The README promises the Node version in package.json "engines"; every installed package must
// accept that version's floor, or `npm ci` warns (EBADENGINE) and the package may use APIs the
// promised Node lacks.
describe('the Node version the project promises', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
  };
  const floor = semver.minVersion(pkg.engines.node)!.version;

  it('is the one the README names', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(`Node.js ≥ ${floor.replace(/\.0$/, '')}`);
  });

  it('is accepted by every package in the lockfile', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(floor, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
