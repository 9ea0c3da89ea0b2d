import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../../shared/domain/debug';
import type { ToolGate } from '../toolbox/tool-gate';
import { withTools } from './rerun-session';

/** A debugger whose hooks are prototype methods, as DebugSession's are. */
class PausingDebugger {
  asked = 0;
  passesModel(): boolean {
    return false;
  }
  beforeModel(request: () => ModelRequest): ModelRequest | null {
    this.asked++;
    return { ...request(), messages: [] };
  }
}

const recordedGate: ToolGate = { before: () => null } as unknown as ToolGate;

describe('withTools (a re-run with recorded tools keeps the debugger)', () => {
  it('still pauses before the model: the hooks on the prototype are kept, the tool gate is the recorded one', async () => {
    const inner = new PausingDebugger();
    const session = withTools(inner, recordedGate);
    expect(session.tools).toBe(recordedGate);
    expect(session.passesModel?.()).toBe(false);
    const request = { messages: [{ role: 'user', content: 'hi' }] } as unknown as ModelRequest;
    expect(await session.beforeModel?.(() => request, undefined)).toEqual({ messages: [] });
    expect(inner.asked).toBe(1);
  });

  it('without a debugger of its own, only the recorded gate', () => {
    expect(withTools(undefined, recordedGate)).toEqual({ tools: recordedGate });
  });
});
