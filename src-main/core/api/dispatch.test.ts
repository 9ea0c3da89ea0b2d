import { describe, expect, it } from 'vitest';
import { methods } from '../../../shared/ipc/contract';
import { StudioError } from '../errors';
import { setLogSink } from '../log';
import { dispatch, type Handlers } from './dispatch';

function handlersWith(overrides: Partial<Handlers>): Handlers {
  const unused = Object.fromEntries(
    Object.keys(methods).map((m) => [m, async () => Promise.reject(new Error(`${m} not expected here`))]),
  );
  return { ...unused, ...overrides } as Handlers;
}

const ctx = { transport: 'test' as const };

describe('dispatch', () => {
  it('runs the handler with the parsed input and returns its output', async () => {
    const handlers = handlersWith({ 'chat.cancel': async ({ runId }) => ({ cancelled: runId === 'run_1' }) });
    expect(await dispatch(handlers, { id: 7, method: 'chat.cancel', input: { runId: 'run_1' } }, ctx)).toEqual({
      id: 7,
      ok: true,
      output: { cancelled: true },
    });
  });

  it('fills defaults of the input schema (no input for an empty method)', async () => {
    const handlers = handlersWith({ 'settings.get': async () => ({ theme: 'dark', busUrl: null }) });
    expect(await dispatch(handlers, { id: 1, method: 'settings.get', input: undefined }, ctx)).toMatchObject({
      ok: true,
      output: { theme: 'dark' },
    });
  });

  it('answers bad_input with the zod issues as {path, message}, and does not run the handler', async () => {
    let ran = false;
    const handlers = handlersWith({
      'chat.send': async () => {
        ran = true;
        return { runId: 'r', sessionId: 's' };
      },
    });
    const response = await dispatch(
      handlers,
      { id: 2, method: 'chat.send', input: { personaId: '../etc', message: '' } },
      ctx,
    );
    expect(ran).toBe(false);
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error.code).toBe('bad_input');
    const issues = (response.error.details as { issues: { path: (string | number)[]; message: string }[] }).issues;
    expect(issues.map((i) => i.path)).toEqual([['personaId'], ['message']]);
    expect(issues[0].message).toMatch(/letters, digits/);
    expect(response.error.message).toMatch(/^Bad input for 'chat.send': personaId: /);
  });

  it('refuses input nested past the JSON depth limit (any transport), before the handler runs', async () => {
    let ran = false;
    const handlers = handlersWith({
      'tools.call': async () => {
        ran = true;
        return Promise.reject(new Error('not reached'));
      },
    });
    const deep = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) as unknown;
    const input = { toolboxId: 'ovos-math-tools', name: 'evaluate_expression', arguments: { x: deep } };
    expect(await dispatch(handlers, { id: 3, method: 'tools.call', input }, ctx)).toEqual({
      id: 3,
      ok: false,
      error: {
        code: 'bad_input',
        message: "Bad input for 'tools.call': The JSON is nested deeper than 256 levels, the limit.",
      },
    });
    expect(ran).toBe(false);
  });

  it('answers unknown_method for a method not in the contract (also for inherited names)', async () => {
    const handlers = handlersWith({});
    for (const method of ['personas.nuke', 'toString', '__proto__']) {
      const response = await dispatch(handlers, { id: 3, method, input: {} }, ctx);
      expect(response).toEqual({
        id: 3,
        ok: false,
        error: { code: 'unknown_method', message: `Unknown method '${method}'.` },
      });
    }
  });

  it("turns a handler's StudioError into its error value", async () => {
    const handlers = handlersWith({
      'personas.get': async ({ id }) => {
        throw new StudioError('persona_not_found', `No persona '${id}'.`, { id });
      },
    });
    expect(await dispatch(handlers, { id: 4, method: 'personas.get', input: { id: 'ghost' } }, ctx)).toEqual({
      id: 4,
      ok: false,
      error: { code: 'persona_not_found', message: "No persona 'ghost'.", details: { id: 'ghost' } },
    });
  });

  it('turns any other throw into internal with its message, never rejecting', async () => {
    const handlers = handlersWith({
      'app.info': async () => {
        throw new TypeError('boom');
      },
    });
    const logged: string[] = [];
    setLogSink((level, _scope, message) => logged.push(`${level} ${message}`));
    try {
      await expect(dispatch(handlers, { id: 5, method: 'app.info', input: {} }, ctx)).resolves.toEqual({
        id: 5,
        ok: false,
        error: { code: 'internal', message: 'boom' },
      });
    } finally {
      setLogSink(null);
    }
    expect(logged[0]).toMatch(/^error app.info failed: TypeError: boom/);
  });

  it('catches an output that breaks the contract when outputs are validated (tests)', async () => {
    const handlers = handlersWith({ 'chat.cancel': async () => ({ cancelled: 'yes' }) as never });
    const checked = await dispatch(
      handlers,
      { id: 6, method: 'chat.cancel', input: { runId: 'r' } },
      { transport: 'test', validateOutput: true },
    );
    expect(checked).toMatchObject({
      ok: false,
      error: { code: 'internal', message: "Output of 'chat.cancel' does not match the contract." },
    });
    const unchecked = await dispatch(
      handlers,
      { id: 6, method: 'chat.cancel', input: { runId: 'r' } },
      { transport: 'test', validateOutput: false },
    );
    expect(unchecked).toEqual({ id: 6, ok: true, output: { cancelled: 'yes' } });
  });
});
