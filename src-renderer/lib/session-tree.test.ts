import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../shared/ipc/contract';
import { sessionTree, treeLabel } from './session-tree';

const s = (id: string, origin?: SessionSummary['origin']): SessionSummary => ({
  sessionId: id,
  personaId: 'p',
  personaName: 'P',
  title: `title ${id}`,
  startedAt: 0,
  updatedAt: 0,
  runs: 1,
  ...(origin ? { origin } : {}),
});
const fork = (parent: string) =>
  ({ kind: 'fork', sessionId: parent, point: { kind: 'user', runId: 'r' }, label: 'x' }) as const;

describe('sessionTree', () => {
  it('puts forks and re-runs under the session they came from, depth first', () => {
    const list = [
      s('c', fork('a')),
      s('b'),
      s('a'),
      s('d', { kind: 'rerun', sessionId: 'c', target: { tools: 'live', onMiss: 'live' } }),
    ];
    const tree = sessionTree(list);
    expect(tree.map((e) => `${e.session.sessionId}:${e.depth}`)).toEqual(['b:0', 'a:0', 'c:1', 'd:2']);
    expect(treeLabel(tree[2])).toMatch(/^└ fork · title c/);
    expect(treeLabel(tree[3])).toMatch(/└ re-run · title d/);
  });

  it('a session whose parent is gone, or a cycle, is still listed', () => {
    const tree = sessionTree([s('x', fork('gone')), s('y', fork('z')), s('z', fork('y'))]);
    expect(tree.map((e) => e.session.sessionId).sort()).toEqual(['x', 'y', 'z']);
  });
});
