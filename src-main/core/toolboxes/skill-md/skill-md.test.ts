import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PersonaFile } from '../../../../shared/domain/persona';
import { buildPersonaRuntime } from '../../app/persona-runtime';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { NO_BRAIN_MESSAGE, SkillMdToolBox, skillMdToolbox } from './index';
import { parseSkillMd, skillToolName } from './skill-md-file';
import { startFixtureRun } from '../../app/testing/fixture-runtime';

const SUMMARIZE = `---
name: Summarize Text
description: Summarize a text in three bullet points.
version: 1
---

# Summarizer

Answer with exactly three bullet points.
`;

let dir: string;
let server: ScriptedServer | null = null;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skill-md-'));
  await writeFile(path.join(dir, 'SKILL.md'), SUMMARIZE);
  await mkdir(path.join(dir, 'translate'));
  await writeFile(
    path.join(dir, 'translate', 'SKILL.md'),
    '---\nname: translate-to-pt\ndescription: Translate into Portuguese.\n---\nTranslate the text into European Portuguese.',
  );
  await writeFile(path.join(dir, 'broken.md'), '---\nname: no description\n---\nbody');
  await writeFile(path.join(dir, 'plain.md'), '# no front matter');
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('SKILL.md parsing', () => {
  it("reads OVOS's front matter and slugs the name into the tool name", () => {
    expect(parseSkillMd(SUMMARIZE, '/x/SKILL.md')).toEqual({
      name: 'Summarize Text',
      description: 'Summarize a text in three bullet points.',
      body: '# Summarizer\n\nAnswer with exactly three bullet points.',
      path: '/x/SKILL.md',
      frontmatter: { name: 'Summarize Text', description: 'Summarize a text in three bullet points.', version: '1' },
    });
    expect(skillToolName('Summarize Text')).toBe('summarize_text');
    expect(skillToolName('--Web.Search!!')).toBe('web_search');
    expect(parseSkillMd('---\nname: x\n---\nbody', 'f')).toBeNull();
    expect(parseSkillMd('no front matter', 'f')).toBeNull();
  });
});

describe('SkillMdToolBox (ovos-skill-md-toolbox)', () => {
  it('makes one tool per SKILL.md of extra_skill_md_paths (files and folders); malformed files are skipped', async () => {
    const tb = new SkillMdToolBox({
      config: {
        extra_skill_md_paths: [
          dir,
          path.join(dir, 'SKILL.md'),
          path.join(dir, 'broken.md'),
          path.join(dir, 'plain.md'),
          path.join(dir, 'missing.md'),
        ],
      },
    });
    await tb.ready;
    expect(skillMdToolbox.id).toBe('ovos-skill-md-toolbox');
    expect(tb.discoveryError).toBeNull();
    expect(tb.toolJsonList.map((t) => [t.name, t.description])).toEqual([
      ['summarize_text', 'Summarize a text in three bullet points.'],
      ['translate_to_pt', 'Translate into Portuguese.'],
    ]);
    expect(tb.toolJsonList[0].argument_schema).toMatchObject({ required: ['task'] });
  });

  it("without a brain a call is OVOS's 'brain ChatEngine is not configured' error", async () => {
    const tb = new SkillMdToolBox({ config: { extra_skill_md_paths: [dir] } });
    await expect(tb.callTool('summarize_text', { task: 'x' })).rejects.toMatchObject({
      code: 'tool_execution_failed',
      details: { cause: NO_BRAIN_MESSAGE },
    });
  });

  it("a persona's run calls the skill through a sub-call to the persona's brain: SKILL.md body as system, task + context as user, no tools", async () => {
    server = await startScriptedOpenAIServer({
      replies: [
        {
          toolCalls: [{ name: 'summarize_text', arguments: { task: 'Summarize OVOS.', context: 'For a newcomer.' } }],
        },
        { content: '- open\n- private\n- voice' },
        { content: 'Here it is: open, private, voice.' },
      ],
    });
    const persona = PersonaFile.parse({
      name: 'Skilled',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        brain: 'ovos-chat-openai-plugin',
        system_prompt: 'Use your skills.',
        toolboxes: ['ovos-skill-md-toolbox'],
        'ovos-chat-openai-plugin': { api_url: server.url, model: 'qwen2.5' },
        'ovos-skill-md-toolbox': { extra_skill_md_paths: [path.join(dir, 'SKILL.md')] },
      },
    });
    const runtime = await buildPersonaRuntime(persona, { toolboxes: { [skillMdToolbox.id]: skillMdToolbox } });
    const { handle } = startFixtureRun(runtime, 'Tell me about OVOS briefly.', { personaName: 'Skilled' });
    const outcome = await handle.done;
    await runtime.close();
    expect(outcome).toEqual({ status: 'finished', answer: 'Here it is: open, private, voice.' });
    expect(server.chatRequests).toHaveLength(3);
    const [first, sub, last] = server.chatRequests.map((r) => r.body);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['summarize_text']);
    expect(sub.messages).toEqual([
      { role: 'system', content: '# Summarizer\n\nAnswer with exactly three bullet points.' },
      { role: 'user', content: 'Summarize OVOS.\n\nContext: For a newcomer.' },
    ]);
    expect(sub.tools).toBeUndefined();
    expect(sub.model).toBe('qwen2.5');
    const toolMessage = last.messages.find((m: { role: string }) => m.role === 'tool');
    expect(JSON.parse(toolMessage.content)).toEqual({
      result: '- open\n- private\n- voice',
      skill_used: 'Summarize Text',
    });
  });
});
