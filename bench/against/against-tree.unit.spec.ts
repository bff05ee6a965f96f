import { execFileSync } from 'node:child_process';
import { prepareAgainstTree } from './against-tree.js';

describe('the --against tree', () => {
  it('refuses a name that is no commit before it checks anything out', () => {
    // Their paths only: the other worktrees' heads move as their owners commit.
    const worktrees = () => execFileSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' }).split('\n').filter((l) => l.startsWith('worktree '));
    const before = worktrees();
    const heard: string[] = [];
    expect(() => prepareAgainstTree('no-such-commit-of-this-repository', (m) => heard.push(m))).toThrow('--against: "no-such-commit-of-this-repository" names no commit of this repository');
    expect(() => prepareAgainstTree('--output=/tmp/x', (m) => heard.push(m))).toThrow('names no commit');
    expect(heard).toEqual([]);
    expect(worktrees()).toEqual(before);
  });
});
