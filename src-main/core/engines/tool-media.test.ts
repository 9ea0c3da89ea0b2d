import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentMessage } from '../../../shared/domain/message';
import type { TraceEvent } from '../../../shared/domain/trace';
import { defineTool, ToolArguments, ToolBox, ToolRegistry, type AgentTool } from '../toolbox';
import { mcpModelFeed } from '../toolboxes/mcp/result-feed';
import { NativeToolCallEngine } from './native-loop';
import { PlanExecuteEngine } from './ovos/plan-execute';
import { ReActLoopEngine } from './react-loop';
import { RunTracer } from './run-tracer';
import { ScriptedBrain } from './testing/scripted-brain';

/** 97,382 bytes: "95.1 KB". */
const PNG = Buffer.alloc(97_382, 7).toString('base64');

/** A tool returning an MCP result with a text block and an image block, fed as MCP results are. */
class PictureToolBox extends ToolBox {
  static defaultId = 'pictures';
  discoverTools(): AgentTool[] {
    const tool = defineTool({
      name: 'snap',
      description: 'Takes a picture.',
      argumentSchema: ToolArguments,
      outputSchema: z.looseObject({}),
      toolCall: () => ({
        content: 'Here is the picture.',
        is_error: false,
        structured: null,
        raw: [
          { type: 'text', text: 'Here is the picture.' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
        ],
      }),
    });
    return [{ ...tool, modelFeed: mcpModelFeed }];
  }
}

async function registry(): Promise<ToolRegistry> {
  const r = new ToolRegistry([new PictureToolBox()]);
  await r.ready();
  return r;
}

const user = (content: string): AgentMessage => ({ role: 'user', content });
const noBase64 = (messages: AgentMessage[]) => messages.every((m) => !m.content.includes(PNG.slice(0, 200)));
const traced = () => {
  const events: TraceEvent[] = [];
  return { events, tracer: new RunTracer('run-1', (e) => events.push(e)) };
};

describe('a tool image in the native loop', () => {
  const script = () => [{ toolCalls: [{ id: 'c1', name: 'snap', arguments: {} }] }, { content: 'A grey square.' }];

  it('reaches a brain without vision as a stub in the TOOL message, never as base64', async () => {
    const brain = new ScriptedBrain(script());
    const { events, tracer } = traced();
    await new NativeToolCallEngine({ brain, registry: await registry() }).run([user('look')], { tracer });
    const sent = brain.calls[1].messages;
    expect(sent.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'c1',
      name: 'snap',
      content: 'Here is the picture.\n[image: image/png, 95.1 KB, not shown to this model]',
    });
    expect(sent.some((m) => m.images)).toBe(false);
    expect(noBase64(sent)).toBe(true);
    // The trace keeps the whole result, image included.
    const result = events.find((e) => e.type === 'tool_result');
    expect(JSON.stringify(result)).toContain(PNG);
  });

  it('reaches a vision brain as an image in a user message right after the TOOL messages', async () => {
    const brain = new ScriptedBrain(script(), { vision: true });
    await new NativeToolCallEngine({ brain, registry: await registry() }).run([user('look')], {});
    const sent = brain.calls[1].messages;
    expect(sent.at(-2)).toMatchObject({
      role: 'tool',
      content: 'Here is the picture.\n[image 1: image/png, 95.1 KB, attached in the next message]',
    });
    expect(sent.at(-1)).toMatchObject({
      role: 'user',
      images: [{ mimeType: 'image/png', data: PNG, label: "Image 1, from 'snap' (call c1):" }],
    });
    expect(noBase64(sent)).toBe(true);
  });
});

describe('a tool image in the ReAct family', () => {
  const action = 'Thought: look.\nAction: snap\nAction Input: {}';

  it('ReAct: the Observation says what the image is; a vision brain also gets it as an image', async () => {
    const plain = new ScriptedBrain([{ content: action }, { content: 'FINAL_ANSWER: grey' }]);
    await new ReActLoopEngine({ brain: plain, registry: await registry() }).run([user('look')], {});
    expect(plain.calls[1].messages.at(-1)).toEqual({
      role: 'user',
      content: 'Observation: Here is the picture.\n[image: image/png, 95.1 KB, not shown to this model]',
    });
    expect(noBase64(plain.calls[1].messages)).toBe(true);

    const seeing = new ScriptedBrain([{ content: action }, { content: 'FINAL_ANSWER: grey' }], { vision: true });
    await new ReActLoopEngine({ brain: seeing, registry: await registry() }).run([user('look')], {});
    const observation = seeing.calls[1].messages.at(-1)!;
    expect(observation.content).toBe(
      'Observation: Here is the picture.\n[image 1: image/png, 95.1 KB, attached in the next message]',
    );
    expect(observation.images).toEqual([
      { mimeType: 'image/png', data: PNG, label: "Image 1, from 'snap' (call react_1):" },
    ]);
  });

  it('the native engine falling back to ReAct and a multi-phase loop (plan and execute) feed it the same way', async () => {
    const fallback = new ScriptedBrain([{ content: action }, { content: 'FINAL_ANSWER: grey' }], {
      supportsTools: false,
    });
    await new NativeToolCallEngine({ brain: fallback, registry: await registry() }).run([user('look')], {});
    expect(fallback.calls[1].messages.at(-1)!.content).toContain(
      '[image: image/png, 95.1 KB, not shown to this model]',
    );
    expect(noBase64(fallback.calls[1].messages)).toBe(true);

    const planner = new ScriptedBrain([
      { content: '1. Take a picture.' },
      { content: action },
      { content: 'STEP_RESULT: a grey square' },
      { content: 'A grey square.' },
    ]);
    await new PlanExecuteEngine({ brain: planner, registry: await registry() }).run([user('look')], {});
    const all = planner.calls.flatMap((c) => c.messages);
    expect(all.some((m) => m.content.includes('[image: image/png, 95.1 KB, not shown to this model]'))).toBe(true);
    expect(noBase64(all)).toBe(true);
  });
});

describe('a tool turned off in the persona, in both engine families', () => {
  it('is left out of the native tool list and of the ReAct prompt, and a call to it is refused', async () => {
    const r = new ToolRegistry([new PictureToolBox()], { disabled: ['pictures/snap'] });
    await r.ready();
    expect(r.toolInfos()[0].disabled).toBe(true);
    const native = new ScriptedBrain([
      { toolCalls: [{ id: 'c1', name: 'snap', arguments: {} }] },
      { content: 'No picture.' },
    ]);
    await new NativeToolCallEngine({ brain: native, registry: r }).run([user('look')], {});
    expect(native.calls[0].tools).toBeUndefined();
    expect(native.calls[1].messages.at(-1)!.content).toBe(
      "Error: tool 'snap' was not run: Tool 'snap' is turned off in this persona (persona_studio.tools.disabled).",
    );
    const react = new ScriptedBrain([{ content: 'FINAL_ANSWER: none' }]);
    await new ReActLoopEngine({ brain: react, registry: r }).run([user('look')], {});
    expect(react.calls[0].messages.some((m) => m.content.includes('snap'))).toBe(false);
  });
});
