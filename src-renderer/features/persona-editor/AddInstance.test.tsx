import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AddInstance, instanceIdFor } from './AddInstance';

afterEach(cleanup);

describe('adding another toolbox instance', () => {
  it('names the instance <toolbox>:<name>, refusing bad and taken names', () => {
    expect(instanceIdFor('ovos-mcp-toolbox', ' files ', [])).toEqual({ id: 'ovos-mcp-toolbox:files' });
    expect(instanceIdFor('ovos-mcp-toolbox', 'my files', [])).toHaveProperty('error');
    expect(instanceIdFor('ovos-mcp-toolbox', 'files', ['ovos-mcp-toolbox:files'])).toEqual({
      error: "'ovos-mcp-toolbox:files' is already in this persona.",
    });
  });

  it('adds the instance with Enter and shows why a name is refused', () => {
    const onAdd = vi.fn();
    render(
      <AddInstance baseId="ovos-mcp-toolbox" title="MCP server" taken={['ovos-mcp-toolbox:docs']} onAdd={onAdd} />,
    );
    fireEvent.click(screen.getByText('+ Another MCP server'));
    const input = screen.getByLabelText('Name of the new MCP server instance');
    fireEvent.change(input, { target: { value: 'docs' } });
    expect(screen.getByRole('alert').textContent).toContain('already in this persona');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'files' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onAdd).toHaveBeenCalledWith('ovos-mcp-toolbox:files');
  });
});
