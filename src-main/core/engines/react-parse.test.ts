import { describe, expect, it } from 'vitest';
import {
  extractFinalAnswer,
  extractJsonObject,
  FinalAnswerStreamer,
  parseAction,
  parseReactReply,
} from './react-parse';
import { buildReactSystemPrompt, MAX_ITERATIONS_PROMPT } from './react-prompt';

describe('ReAct parsing (OVOS cases 23-27)', () => {
  it('parses an action and its JSON input (23)', () => {
    expect(
      parseAction('Thought: I should search.\nAction: web_search\nAction Input: {"query": "OpenVoiceOS"}'),
    ).toEqual({
      name: 'web_search',
      arguments: { query: 'OpenVoiceOS' },
    });
  });

  it('finds no action in plain text, bad JSON or an unterminated object (24)', () => {
    expect(parseAction('Just a thought.')).toBeNull();
    expect(parseAction('Action: foo\nAction Input: {bad json}')).toBeNull();
    expect(parseAction('Action: foo\nAction Input: {"query": "x"')).toBeNull();
  });

  it('scans balanced braces, ignoring braces and escaped quotes inside strings (25)', () => {
    expect(parseAction('Action: search\nAction Input: {"filter": {"date": "today"}, "query": "test"}')).toEqual({
      name: 'search',
      arguments: { filter: { date: 'today' }, query: 'test' },
    });
    const text = 'Action Input: {"key": "has } inside"} trailing';
    expect(extractJsonObject(text, text.indexOf('{'))).toBe('{"key": "has } inside"}');
    const escaped = 'x {"q": "say \\"}\\" now", "n": 1} y';
    expect(extractJsonObject(escaped, escaped.indexOf('{'))).toBe('{"q": "say \\"}\\" now", "n": 1}');
    expect(parseAction(`Action: t\nAction Input: ${escaped.slice(2)}`)?.arguments).toEqual({ q: 'say "}" now', n: 1 });
  });

  it('extracts the trimmed text after FINAL_ANSWER: (26)', () => {
    expect(extractFinalAnswer('Thought: done.\nFINAL_ANSWER: Paris')).toBe('Paris');
    expect(extractFinalAnswer('some text')).toBeNull();
  });

  it('builds the prompt with the tool schemas as 2-space JSON (27)', () => {
    const prompt = buildReactSystemPrompt([{ name: 'calc', description: 'math' }]);
    expect(prompt).toContain('calc');
    expect(prompt).toContain('FINAL_ANSWER:');
    expect(prompt).toContain(
      'Available tools (JSON schema):\n[\n  {\n    "name": "calc",\n    "description": "math"\n  }\n]\n',
    );
    expect(prompt.startsWith('You have access to tools. On each turn you MUST choose one of:')).toBe(true);
    expect(MAX_ITERATIONS_PROMPT).toBe(
      'You have used the maximum number of tool calls. Provide your best FINAL_ANSWER: now.',
    );
  });
});

describe('ReAct parsing of realistic model output', () => {
  it('reads the action name through backticks, quotes, markdown and trailing punctuation', () => {
    const input = '\nAction Input: {"q": "x"}';
    for (const line of [
      'Action: search ',
      'Action: search.',
      'Action: `search`',
      "Action: 'search'",
      'Action: [search]',
      '**Action:** search',
      'Action: search()',
    ]) {
      expect(parseAction(line + input), line).toEqual({ name: 'search', arguments: { q: 'x' } });
    }
  });

  it('reads an Action Input inside a code fence, and one followed by more text', () => {
    expect(parseAction('Action: search\nAction Input:\n```json\n{"q": "x"}\n```')).toEqual({
      name: 'search',
      arguments: { q: 'x' },
    });
    expect(parseAction('Action: search\nAction Input: ```{"q": "x"}```')).toEqual({
      name: 'search',
      arguments: { q: 'x' },
    });
    expect(
      parseAction('Action: search\nAction Input: {"q": "x"}\nObservation: (I will wait for the tool.) {"not": "this"}'),
    ).toEqual({ name: 'search', arguments: { q: 'x' } });
  });

  it('runs the action when FINAL_ANSWER: only appears inside a Thought or after the action', () => {
    const thought =
      'Thought: I need data before I can give the FINAL_ANSWER: so I search.\nAction: search\nAction Input: {"q": "x"}';
    expect(parseReactReply(thought)).toEqual({
      kind: 'action',
      action: { name: 'search', arguments: { q: 'x' } },
      turn: thought,
    });
    const hallucinated = 'Action: search\nAction Input: {"q": "x"}\nObservation: 42\nFINAL_ANSWER: 42';
    expect(parseReactReply(hallucinated)).toEqual({
      kind: 'action',
      action: { name: 'search', arguments: { q: 'x' } },
      turn: 'Action: search\nAction Input: {"q": "x"}',
    });
  });

  it('ends with the answer when FINAL_ANSWER: starts a line, or when there is no parsable action', () => {
    expect(parseReactReply('Thought: known.\nFINAL_ANSWER: Paris')).toEqual({ kind: 'final', answer: 'Paris' });
    expect(parseReactReply('Thought: known. FINAL_ANSWER: Paris')).toEqual({ kind: 'final', answer: 'Paris' });
    expect(parseReactReply('FINAL_ANSWER: write `Action: x` then\nAction Input: {"a": 1}')).toEqual({
      kind: 'final',
      answer: 'write `Action: x` then\nAction Input: {"a": 1}',
    });
    expect(parseReactReply('Just text.')).toEqual({ kind: 'text', answer: 'Just text.' });
  });
});

describe('FinalAnswerStreamer', () => {
  it('streams only the answer, concatenating to exactly the trimmed answer', () => {
    const s = new FinalAnswerStreamer();
    const shown = ['Thought: ok.\nFINAL', '_ANSWER:', '  The ', 'answer is ', '42', '.\n\n'].map((d) => s.push(d));
    const reply = 'Thought: ok.\nFINAL_ANSWER:  The answer is 42.\n\n';
    const answer = extractFinalAnswer(reply)!;
    expect(shown.join('') + s.rest(answer)).toBe(answer);
    expect(shown.slice(0, 2).join('')).toBe('');
    expect(shown[3]).toBe(' answer is');
  });
});
