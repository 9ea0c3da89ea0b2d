import type { TraceEvent } from '../../shared/domain/trace';

/** Builds a run's trace events with runId/seq/at stamped, for tests and the bench. */
export function traceOf(
  runId: string,
  inputs: Array<Record<string, unknown> & { type: TraceEvent['type'] }>,
  t0 = 1_700_000_000_000,
): TraceEvent[] {
  return inputs.map((e, seq) => ({ iteration: 0, ...e, runId, seq, at: t0 + seq * 10 }) as unknown as TraceEvent);
}

/** One scripted loop: user -> assistant with two tool calls -> tool results -> streamed answer. */
export function sampleRun(runId = 'run-1', sessionId = 'session-1', maxIterations = 5): TraceEvent[] {
  return traceOf(runId, [
    {
      type: 'run_started',
      sessionId,
      personaId: 'calc',
      personaName: 'Calculator',
      engine: 'ovos-native-toolcall-loop',
      brain: 'ovos-chat-openai-plugin',
      model: 'qwen2.5',
      maxIterations,
      tools: ['add', 'now'],
    },
    { type: 'user_message', content: 'What is 2+3, and the time?' },
    {
      type: 'assistant_message',
      iteration: 1,
      content: 'Let me compute.',
      final: false,
      durationMs: 12,
      warnings: [],
      toolCalls: [
        { id: 'c1', name: 'add', arguments: { a: 2, b: 3 } },
        { id: 'c2', name: 'now', arguments: {} },
      ],
      raw: { request: { model: 'qwen2.5' }, response: { id: 'r1' } },
    },
    {
      type: 'tool_started',
      iteration: 1,
      toolCallId: 'c1',
      name: 'add',
      toolboxId: 'ovos-math-tools',
      arguments: { a: 2, b: 3 },
    },
    { type: 'tool_started', iteration: 1, toolCallId: 'c2', name: 'now', toolboxId: 'ovos-clock-tools', arguments: {} },
    {
      type: 'tool_result',
      iteration: 1,
      toolCallId: 'c1',
      name: 'add',
      toolboxId: 'ovos-math-tools',
      arguments: { a: 2, b: 3 },
      result: { result: 5 },
      content: '{"result": 5}',
      durationMs: 3,
    },
    {
      type: 'tool_error',
      iteration: 1,
      toolCallId: 'c2',
      name: 'now',
      toolboxId: 'ovos-clock-tools',
      arguments: {},
      error: { code: 'tool_execution_failed', message: 'clock broke' },
      content: "Error: tool 'now' failed: clock broke",
      durationMs: 1,
    },
    { type: 'answer_delta', iteration: 2, delta: 'It is ' },
    { type: 'answer_delta', iteration: 2, delta: '5.' },
    {
      type: 'assistant_message',
      iteration: 2,
      content: 'It is 5.',
      toolCalls: [],
      final: true,
      durationMs: 20,
      warnings: [],
      raw: null,
    },
    { type: 'run_finished', iteration: 2, answer: 'It is 5.', iterations: 2, durationMs: 60 },
  ]);
}

/** A trace input for one assistant turn of iteration 1 (no text, no calls, not final) with `over` on top. */
export function assistantTurn(over: Record<string, unknown> = {}) {
  return {
    type: 'assistant_message' as const,
    iteration: 1,
    content: '',
    toolCalls: [],
    final: false,
    durationMs: 1,
    raw: null,
    warnings: [],
    ...over,
  };
}
