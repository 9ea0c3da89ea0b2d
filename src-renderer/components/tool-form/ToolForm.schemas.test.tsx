import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ToolForm, type ToolArgs } from './ToolForm';

afterEach(cleanup);

const DRAFT7 = 'http://json-schema.org/draft-07/schema#';

/** Mounts a form for `schema` (as real MCP servers send it: zod 4's JSON Schema output) and records what Run sends. */
function mount(schema: Record<string, unknown>, value: ToolArgs = {}) {
  const sent: ToolArgs[] = [];
  const view = render(<ToolForm tool={{ name: 't', schema }} value={value} onSubmit={(a) => sent.push(a)} />);
  const run = () => act(async () => fireEvent.click(screen.getByTestId('run-tool')));
  const byId = (path: string) => view.container.querySelector<HTMLElement>(`[id="tool-t_${path}"]`);
  return { sent, run, byId, view };
}
const type = (el: HTMLElement | null, value: string) => fireEvent.change(el!, { target: { value } });

describe('tuples (issue 11, item 7)', () => {
  const tuple = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2 },
    },
    required: ['point'],
  };

  it('a prefixItems tuple gets one input per position and sends them in order', async () => {
    const { sent, run, byId } = mount(tuple);
    expect(byId('point_0')?.getAttribute('type')).toBe('number');
    expect(byId('point_1')?.getAttribute('type')).toBe('number');
    type(byId('point_0'), '3');
    type(byId('point_1'), '4');
    await run();
    expect(sent).toEqual([{ point: [3, 4] }]);
  });

  it('a draft-07 items array tuple, optional: not sent untouched, one input per position once added', async () => {
    const { sent, run, byId } = mount({
      $schema: DRAFT7,
      type: 'object',
      properties: {
        at: { type: 'array', items: [{ type: 'number' }, { type: 'string' }], additionalItems: false },
      },
    });
    await run();
    expect(sent).toEqual([{}]);
    fireEvent.click(screen.getByRole('button', { name: /add/i }));
    expect(byId('at_0')).toBeTruthy();
    type(byId('at_0'), '7');
    type(byId('at_1'), 'north');
    await run();
    expect(sent[1]).toEqual({ at: [7, 'north'] });
  });

  it('a refused Run says why under the button, even for a value with no input of its own', async () => {
    const { sent, run } = mount(tuple);
    await run();
    expect(sent).toEqual([]);
    expect(screen.getByTestId('form-blocked').textContent).toMatch(/Not sent.*point/);
  });
});

describe('consts (item 8)', () => {
  const schema = {
    type: 'object',
    properties: {
      city: { type: 'string' },
      unit: { type: 'string', const: 'kelvin' },
      version: { const: 2 },
      mode: { type: 'string', const: 'strict' },
    },
    required: ['city', 'mode'],
  };

  it('are shown as fixed values, not editable; untouched optional ones are not sent, required ones are', async () => {
    const { sent, run, byId } = mount(schema);
    expect(screen.queryByDisplayValue('kelvin')).toBeNull();
    expect(screen.getAllByTestId('const-value').map((e) => e.querySelector('code')?.textContent)).toEqual([
      'kelvin',
      '2',
      'strict',
    ]);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    type(byId('city'), 'Oslo');
    await run();
    expect(sent).toEqual([{ city: 'Oslo', mode: 'strict' }]);
  });

  it('an optional const is sent when ticked', async () => {
    const { sent, run, byId } = mount(schema);
    type(byId('city'), 'Oslo');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send unit = kelvin' }));
    await run();
    expect(sent).toEqual([{ city: 'Oslo', unit: 'kelvin', mode: 'strict' }]);
  });
});

describe('type unions (item 9)', () => {
  it('a map whose values are string | number | null offers the type, and 30 is sent as a number', async () => {
    const { sent, run, view } = mount({
      type: 'object',
      properties: { env: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } } },
    });
    fireEvent.click(screen.getByRole('button', { name: /add/i }));
    const picker = view.container.querySelector<HTMLSelectElement>('select[id$="__anyof_select"]')!;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['string', 'number', 'none']);
    fireEvent.change(picker, { target: { value: '1' } });
    const input = view.container.querySelector<HTMLInputElement>('[id^="tool-t_env_"][type="number"]')!;
    type(input, '30');
    await run();
    expect(sent).toEqual([{ env: { newKey: 30 } }]);
  });
});

describe('discriminated unions (item 10)', () => {
  const schema = {
    type: 'object',
    properties: {
      shape: {
        oneOf: [
          {
            type: 'object',
            properties: { kind: { type: 'string', const: 'circle' }, radius: { type: 'number', minimum: 0 } },
            required: ['kind', 'radius'],
          },
          {
            type: 'object',
            properties: { kind: { type: 'string', const: 'square' }, side: { type: 'number' } },
            required: ['kind', 'side'],
          },
        ],
      },
    },
    required: ['shape'],
  };

  it('names the options by the discriminator and shows it fixed', () => {
    const { view } = mount(schema);
    const picker = view.container.querySelector<HTMLSelectElement>('select[id$="__oneof_select"]')!;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['circle', 'square']);
    expect(screen.getByTestId('const-value').textContent).toContain('circle');
    expect(screen.queryAllByRole<HTMLInputElement>('textbox').map((t) => t.value)).not.toContain('circle');
  });

  it('puts the error on the field that is wrong, not on the union', async () => {
    const { sent, run, byId, view } = mount(schema);
    type(byId('shape_radius'), '-1');
    await run();
    expect(sent).toEqual([]);
    expect(view.container.textContent).not.toContain('does not match any of the allowed options');
    expect(view.container.querySelector('[id="tool-t_shape_radius__error"]')?.textContent).toMatch(/minimum|0/);
  });

  it('sends the other branch with its own discriminator', async () => {
    const { sent, run, byId, view } = mount(schema);
    const picker = view.container.querySelector<HTMLSelectElement>('select[id$="__oneof_select"]')!;
    fireEvent.change(picker, { target: { value: '1' } });
    type(byId('shape_side'), '2');
    await run();
    expect(sent).toEqual([{ shape: { kind: 'square', side: 2 } }]);
  });

  it('labels options without a discriminator by the required key only they have', () => {
    const { view } = mount({
      type: 'object',
      properties: {
        target: {
          anyOf: [
            { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
            { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
          ],
        },
      },
    });
    const picker = view.container.querySelector<HTMLSelectElement>('select[id$="__anyof_select"]')!;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['with path', 'with url']);
  });
});

describe('defaults (item 11)', () => {
  it('are shown as the placeholder with a hint, and an untouched default is not sent', async () => {
    const { sent, run, byId } = mount({
      type: 'object',
      properties: {
        duration: { default: 10, type: 'number', description: 'Duration of the operation in seconds' },
        steps: { default: 5, type: 'number' },
      },
    });
    expect(byId('duration')?.getAttribute('placeholder')).toBe('10');
    expect(screen.getByText(/Default: 10\. Left empty, it is not sent/)).toBeTruthy();
    await run();
    expect(sent).toEqual([{}]);
  });
});

describe('nullable, booleans and long text (item 12)', () => {
  const schema = {
    type: 'object',
    properties: {
      note: { type: ['string', 'null'] },
      oldText: { type: 'string', description: 'Text to search for - must match exactly' },
      dryRun: { default: false, type: 'boolean', description: 'Preview changes using git-style diff format' },
    },
    required: ['note', 'oldText'],
  };

  it('a required nullable field starts on its value, not on "none"', async () => {
    const { sent, run, byId } = mount(schema);
    expect(byId('note')?.tagName).toBe('TEXTAREA');
    type(byId('note'), 'hi');
    type(byId('oldText'), 'x');
    await run();
    expect(sent).toEqual([{ note: 'hi', oldText: 'x' }]);
  });

  it('"none" chosen for a nullable field sends null, with no label of its own left hanging', async () => {
    const { sent, run, byId, view } = mount(schema);
    const picker = view.container.querySelector<HTMLSelectElement>('select[name$="__anyof_select"]')!;
    fireEvent.change(picker, { target: { value: String([...picker.options].findIndex((o) => o.text === 'none')) } });
    type(byId('oldText'), 'x');
    expect(byId('note')).toBeNull();
    expect(
      [...view.container.querySelectorAll('label')].map((l) => l.textContent?.replace('*', '').trim()),
    ).not.toContain('none');
    await run();
    expect(sent).toEqual([{ note: null, oldText: 'x' }]);
  });

  it('an optional boolean is "not sent" untouched and can be sent as an explicit false', async () => {
    const { sent, run, byId } = mount(schema);
    type(byId('note'), 'n');
    type(byId('oldText'), 'x');
    const group = screen.getByRole('radiogroup', { name: 'dryRun' });
    expect([...group.querySelectorAll('label')].map((l) => l.textContent)).toEqual([
      'not sent (default: false)',
      'true',
      'false',
    ]);
    await run();
    expect(sent[0]).not.toHaveProperty('dryRun');
    fireEvent.click(screen.getByRole('radio', { name: 'false' }));
    await run();
    expect(sent[1]).toEqual({ note: 'n', oldText: 'x', dryRun: false });
  });

  it('a string without a format is a text area that keeps line breaks', async () => {
    const { sent, run, byId } = mount(schema);
    type(byId('note'), 'n');
    expect(byId('oldText')?.tagName).toBe('TEXTAREA');
    type(byId('oldText'), 'line one\n  line two');
    await run();
    expect(sent).toEqual([{ note: 'n', oldText: 'line one\n  line two' }]);
  });
});
