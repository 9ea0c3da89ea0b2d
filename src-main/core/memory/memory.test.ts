import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/domain/message';
import { buildAgentsMdPrompt, parseSections } from './agents-md';
import { memoryFor } from './index';
import { shortTermHistory } from './short-term-memory';

const u = (content: string): AgentMessage => ({ role: 'user', content });
const a = (content: string): AgentMessage => ({ role: 'assistant', content });

const AGENTS_MD = `# Project

Persona Studio.

## Universal Rules

Never guess numbers.

### Universal Rules — Style

Short answers.

## Build

npm run build
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'agents-md-'));
  await writeFile(path.join(dir, 'AGENTS.md'), AGENTS_MD);
  await mkdir(path.join(dir, 'sub'));
  await writeFile(path.join(dir, 'sub', 'AGENTS.md'), '## Sub\n\nFrom the sub folder.');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('short-term memory (ovos-agents-short-term-memory-plugin)', () => {
  it("keeps OVOS's last 5 messages by default, drops unanswered user messages and merges consecutive answers", () => {
    expect(shortTermHistory([u('1'), a('one'), u('2'), a('two'), u('3'), a('three')], 5)).toEqual([
      a('one'),
      u('2'),
      a('two'),
      u('3'),
      a('three'),
    ]);
    expect(shortTermHistory([u('failed run'), u('again'), a('ok'), a('more')], 10)).toEqual([
      u('again'),
      a('ok\nmore'),
    ]);
    expect(shortTermHistory([u('x'), a('y')], 0)).toEqual([]);
  });

  it('builds [system_prompt?, history, utterance], without a trailing unanswered user message', async () => {
    const memory = memoryFor({
      'ovos-agents-short-term-memory-plugin': { max_history: 2, system_prompt: ' Be kind. ' },
    });
    expect(memory.id).toBe('ovos-agents-short-term-memory-plugin');
    const out = await memory.buildContext([u('1'), a('one'), u('2'), a('two'), u('dangling')], ' now ');
    expect(out.messages).toEqual([{ role: 'system', content: 'Be kind.' }, u('2'), a('two'), u('now')]);
    expect(out).toMatchObject({ system: 'Be kind.', history: [u('2'), a('two')], dropped: 3, warning: null });
  });

  it('a bad block is persona_invalid naming the key', () => {
    expect(() => memoryFor({ 'ovos-agents-short-term-memory-plugin': { max_history: -1 } })).toThrow(
      /The ovos-agents-short-term-memory-plugin block is invalid: ovos-agents-short-term-memory-plugin.max_history/,
    );
  });
});

describe('memory_module', () => {
  it('null: only the new user message', async () => {
    const out = await memoryFor({ memory_module: null }).buildContext([u('1'), a('one')], 'hi');
    expect(out.messages).toEqual([u('hi')]);
    expect(out).toMatchObject({ history: [], dropped: 2, warning: null });
  });

  it("a module this app does not have: OVOS's 'not available' warning and no memory", async () => {
    const memory = memoryFor({ memory_module: 'ovos-gguf-memory-plugin' });
    expect(memory.id).toBeNull();
    const out = await memory.buildContext([u('1')], 'hi');
    expect(out.messages).toEqual([u('hi')]);
    expect(out.warning).toBe("memory plugin 'ovos-gguf-memory-plugin' not available; short-term memory disabled");
  });
});

describe('AGENTS.md context (ovos-agents-md-context-plugin)', () => {
  it("parses every heading as a section, as OVOS's parser does (a ### ends its parent)", () => {
    expect(parseSections(AGENTS_MD).map((s) => [s.heading, s.body])).toEqual([
      ['Project', 'Persona Studio.'],
      ['Universal Rules', 'Never guess numbers.'],
      ['Universal Rules — Style', 'Short answers.'],
      ['Build', 'npm run build'],
    ]);
  });

  it('assembles prefix + filtered sections as "## heading\\n\\nbody"; folders mean their AGENTS.md; missing files warn', async () => {
    const { prompt, warnings } = await buildAgentsMdPrompt({
      agents_md_sources: ['auto', path.join(dir, 'AGENTS.md'), path.join(dir, 'sub'), path.join(dir, 'nope.md')],
      include_sections: ['universal rules', 'sub'],
      system_prompt_prefix: 'You are an OVOS developer assistant.',
    });
    expect(prompt).toBe(
      [
        'You are an OVOS developer assistant.',
        '## Universal Rules\n\nNever guess numbers.',
        '## Universal Rules — Style\n\nShort answers.',
        '## Sub\n\nFrom the sub folder.',
      ].join('\n\n'),
    );
    expect(warnings).toEqual([`AGENTS.md not found: '${path.join(dir, 'nope.md')}'.`]);
  });

  it('puts the prompt first as a system message, then the whole session, then the utterance', async () => {
    const memory = memoryFor({
      memory_module: 'ovos-agents-md-context-plugin',
      'ovos-agents-md-context-plugin': { agents_md_sources: [dir], include_sections: ['Build'] },
    });
    const out = await memory.buildContext([u('1'), a('one')], 'How do I build?');
    expect(out.messages).toEqual([
      { role: 'system', content: '## Build\n\nnpm run build' },
      u('1'),
      a('one'),
      u('How do I build?'),
    ]);
    expect(out.system).toBe('## Build\n\nnpm run build');
  });
});
