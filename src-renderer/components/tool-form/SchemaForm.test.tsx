import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { configJsonSchema } from '../../../shared/plugins/config-schema';
import { UTCPToolBoxConfig } from '../../../shared/plugins/toolboxes/utcp';
import { SchemaForm } from './SchemaForm';

afterEach(cleanup);

/** The shape of the MCP toolbox's config schema: one transport, fields for stdio and for HTTP. */
const config = {
  type: 'object',
  properties: {
    transport: { default: 'stdio', type: 'string', enum: ['stdio', 'http', 'sse'] },
    command: { type: 'string', 'x-show-when': { transport: ['stdio'] } },
    args: { type: 'array', items: { type: 'string' }, 'x-show-when': { transport: ['stdio'] } },
    url: { type: 'string', 'x-show-when': { transport: ['http', 'sse'] } },
    timeout: { type: 'number', default: 30 },
  },
};

function Host() {
  const [data, setData] = useState<unknown>({});
  return <SchemaForm idPrefix="cfg" schema={config as RJSFSchema} formData={data} onChange={setData} />;
}

describe('SchemaForm x-show-when', () => {
  it("shows only the chosen transport's fields, the others come back when it changes", () => {
    const { container } = render(<Host />);
    const visible = (id: string) => !container.querySelector(`[id="${id}"]`)!.closest('.is-hidden');
    expect(visible('cfg_command')).toBe(true);
    expect(visible('cfg_url')).toBe(false);
    expect(visible('cfg_timeout')).toBe(true);
    fireEvent.change(container.querySelector('[id="cfg_transport"]')!, { target: { value: '1' } });
    expect(visible('cfg_command')).toBe(false);
    expect(container.querySelector('[id="cfg_args"]')?.closest('.is-hidden')).toBeTruthy();
    expect(visible('cfg_url')).toBe(true);
  });
});

describe('SchemaForm lists', () => {
  it('names each add button after its list, and an empty list leaves no room before it', () => {
    const schema = {
      type: 'object',
      properties: {
        args: { type: 'array', title: 'Arguments', items: { type: 'string' } },
        roots: { type: 'array', items: { type: 'string' } },
      },
    };
    function Lists() {
      const [data, setData] = useState<unknown>({});
      return <SchemaForm idPrefix="l" schema={schema as RJSFSchema} formData={data} onChange={setData} />;
    }
    const { getByRole, container } = render(<Lists />);
    const addArgs = getByRole('button', { name: 'Add item to Arguments' });
    expect(addArgs.textContent).toBe('+ Add to Arguments');
    expect(getByRole('button', { name: 'Add item to roots' })).toBeTruthy();
    expect(container.querySelectorAll('.array-item-list:not(:empty)')).toHaveLength(0);
    fireEvent.click(addArgs);
    expect(container.querySelector('[id="l_args_0"]')).toBeTruthy();
    expect(container.querySelectorAll('.array-item-list:not(:empty)')).toHaveLength(1);
  });
});

describe('SchemaForm maps (additionalProperties)', () => {
  const schema = {
    type: 'object',
    properties: { env: { type: 'object', title: 'Environment', additionalProperties: { type: 'string' } } },
  };
  function Env({ seen }: { seen: unknown[] }) {
    const [data, setData] = useState<unknown>({ env: { HOME: '/home/me' } });
    return (
      <SchemaForm
        idPrefix="m"
        schema={schema as RJSFSchema}
        formData={data}
        onChange={(d) => {
          seen.push(d);
          setData(d);
        }}
      />
    );
  }

  it('shows an entry as one row: its name, its value, and a remove button named after it', () => {
    const seen: unknown[] = [];
    const { getByRole, getByLabelText, container } = render(<Env seen={seen} />);
    const row = container.querySelector('.kv-pair')!;
    expect(row.querySelector<HTMLInputElement>('.kv-key input')!.value).toBe('HOME');
    expect((getByLabelText('HOME') as HTMLInputElement).value).toBe('/home/me');
    fireEvent.click(getByRole('button', { name: 'Remove HOME' }));
    expect(seen.at(-1)).toEqual({ env: {} });
  });

  it('a new entry starts with an empty value, not a placeholder text that would be sent', () => {
    const seen: unknown[] = [];
    const { getByRole } = render(<Env seen={seen} />);
    fireEvent.click(getByRole('button', { name: 'Add item to Environment' }));
    expect(seen.at(-1)).toEqual({ env: { HOME: '/home/me', newKey: '' } });
  });
});

describe('SchemaForm with the UTCP toolbox config (a loose object, older keys marked deprecated)', () => {
  const schema = configJsonSchema(UTCPToolBoxConfig) as RJSFSchema;
  function Utcp({ initial }: { initial: unknown }) {
    const [data, setData] = useState<unknown>(initial);
    return <SchemaForm idPrefix="u" schema={schema} formData={data} onChange={setData} />;
  }
  const shown = (container: HTMLElement, id: string) => {
    const field = container.querySelector(`[id="${id}"]`);
    return field !== null && !field.closest('.is-hidden');
  };

  it('offers adding manuals and variables, not untyped keys, and hides the UTCP 0.x lists when unset', () => {
    const { container, queryAllByRole, getByRole } = render(<Utcp initial={{}} />);
    expect(getByRole('button', { name: 'Add item to Manuals' })).toBeTruthy();
    expect(getByRole('button', { name: 'Add item to Variables' })).toBeTruthy();
    expect(queryAllByRole('button', { name: 'Add item to UTCP config' })).toHaveLength(0);
    const visibleAdds = queryAllByRole('button', { name: /^Add item/ }).filter((b) => !b.closest('.is-hidden'));
    expect(visibleAdds.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add item to Manuals',
      'Add item to Variables',
    ]);
    expect(shown(container, 'u_utcp_config_tool_providers')).toBe(false);
    expect(shown(container, 'u_utcp_config_providers')).toBe(false);
  });

  it('shows an older list to a persona that has it', () => {
    const { container } = render(
      <Utcp initial={{ utcp_config: { tool_providers: [{ name: 'w', provider_type: 'http', url: 'http://x' }] } }} />,
    );
    expect(shown(container, 'u_utcp_config_tool_providers')).toBe(true);
    expect(shown(container, 'u_utcp_config_providers')).toBe(false);
  });
});

describe('SchemaForm list items', () => {
  it('titles an object in a list "<list> <n>", without a required mark; other titles stay as written', () => {
    const schema = {
      type: 'object',
      properties: {
        stops: {
          type: 'array',
          title: 'Stops',
          items: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
        vaccine: { type: 'object', title: 'COVID-19', properties: { dose: { type: 'integer' } } },
      },
      required: ['stops'],
    };
    const { container } = render(
      <SchemaForm
        idPrefix="t"
        schema={schema as RJSFSchema}
        formData={{ stops: [{ city: 'Porto' }, { city: 'Faro' }] }}
        onChange={() => undefined}
      />,
    );
    const legend = (id: string) => container.querySelector(`[id="${id}"]`)?.textContent;
    expect(legend('t_stops_0__title')).toBe('Stops 1');
    expect(legend('t_stops_1__title')).toBe('Stops 2');
    expect(legend('t_vaccine__title')).toBe('COVID-19');
  });

  it('labels a text in a list "<list> <n>" too', () => {
    const schema = {
      type: 'object',
      properties: { args: { type: 'array', title: 'Arguments', items: { type: 'string' } } },
    };
    const { container } = render(
      <SchemaForm
        idPrefix="a"
        schema={schema as RJSFSchema}
        formData={{ args: ['-y', 'x'] }}
        onChange={() => undefined}
      />,
    );
    expect(container.querySelector('label[for="a_args_0"]')?.textContent).toBe('Arguments 1');
    expect(container.querySelector('label[for="a_args_1"]')?.textContent).toBe('Arguments 2');
  });
});
