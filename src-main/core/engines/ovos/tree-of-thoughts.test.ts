import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../../shared/domain/trace';
import { firstLines, notices, runKit } from './loop-test-kit';
import { parseScore, treeOfThoughtsEngine } from './tree-of-thoughts';

const candidates = (events: TraceEvent[]) =>
  events.flatMap((e) =>
    e.type === 'span_finished' && e.score !== undefined ? [{ text: e.text, score: e.score, kept: e.kept }] : [],
  );

describe('ovos-tree-of-thoughts-loop against the scripted server', () => {
  it('scores each candidate, keeps the beam, and ends at the first ANSWER:', async () => {
    const run = await runKit(
      treeOfThoughtsEngine,
      [
        { content: 'Add the units.' },
        { content: '8\nGood.' },
        { content: 'Guess.' },
        { content: '2' },
        { content: 'Count on fingers.' },
        { content: '6' },
        { content: 'So 5. ANSWER: 5' },
      ],
      { config: { n_branches: 3, beam_width: 2 } },
    );
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(7);
    expect(firstLines(run.requests)).toEqual([
      'You are solving a problem step by step.',
      'Rate the following reasoning step for solving the given problem.',
      'You are solving a problem step by step.',
      'Rate the following reasoning step for solving the given problem.',
      'You are solving a problem step by step.',
      'Rate the following reasoning step for solving the given problem.',
      'You are solving a problem step by step.',
    ]);
    expect(run.requests[0][0].content).toContain('Problem: What is 2+3?\n\n(no steps yet)\n');
    expect(run.requests[6][0].content).toContain('Step 1: Add the units.');
    expect(candidates(run.events)).toEqual([
      { text: 'Add the units.', score: 8, kept: true },
      { text: 'Guess.', score: 2, kept: false },
      { text: 'Count on fingers.', score: 6, kept: true },
    ]);
    expect(run.bodies.every((b) => b.tools === undefined)).toBe(true);
  });

  it('scores a rating without a number 5, saying so', async () => {
    const run = await runKit(
      treeOfThoughtsEngine,
      [{ content: 'Think.' }, { content: 'good' }, { content: 'ANSWER: 5' }],
      { config: { n_branches: 1, beam_width: 1 } },
    );
    expect(run.answer).toBe('5');
    expect(candidates(run.events)).toEqual([{ text: 'Think.', score: 5, kept: true }]);
    expect(notices(run.events)).toEqual([{ reason: 'unparseable' }]);
  });

  it('after max_depth asks the best branch for its answer', async () => {
    const run = await runKit(
      treeOfThoughtsEngine,
      [{ content: 'Think.' }, { content: '7' }, { content: 'ANSWER: 5' }],
      { config: { n_branches: 1, beam_width: 1, max_depth: 1 } },
    );
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(3);
    expect(run.requests[2][0].content).toBe(
      'Problem: What is 2+3?\n\nYour reasoning so far:\nStep 1: Think.\n\nBased on this reasoning, what is the final answer?\nReply with: ANSWER: <answer>',
    );
    expect(notices(run.events)).toEqual([{ reason: 'limit_reached', limit: 'max_depth' }]);
  });

  it('clamps scores to 0-10', () => {
    expect(parseScore('12 points')).toBe(10);
    expect(parseScore('none')).toBeNull();
  });
});
