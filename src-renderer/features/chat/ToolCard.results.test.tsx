import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ToolCard } from './ToolCard';
import type { ToolRow } from '../../lib/trace-rows';
import { ToolResultContext } from '../../components/tool-result/result-context';
import { mcpResult, TINY_PNG } from '../../components/tool-result/test-fixtures';

afterEach(cleanup);

const image = mcpResult([
  { type: 'text', text: "Here's the image you requested:" },
  { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
  { type: 'resource_link', uri: 'demo://resource/dynamic/text/1', name: 'Resource 1' },
  { type: 'text', text: 'The image above is the MCP logo.' },
]);
const row: ToolRow = {
  kind: 'tool',
  key: 'k',
  runId: 'r',
  iteration: 1,
  toolCallId: 'c1',
  name: 'get-tiny-image',
  toolboxId: 'ovos-mcp-toolbox',
  arguments: {},
  status: 'ok',
  result: image,
  durationMs: 3,
};
const noop = () => undefined;

describe('ToolCard with an MCP result', () => {
  it('previews the image on the card, and its Open reads resources through the chat-provided reader', () => {
    const open = vi.fn(async () => []);
    const envFor = vi.fn(() => ({ onOpenResource: open }));
    render(
      <ToolResultContext.Provider value={envFor}>
        <ToolCard row={row} collapsed={false} onToggle={noop} onOpen={noop} />
      </ToolResultContext.Provider>,
    );
    const card = screen.getByTestId('trace-tool');
    expect(within(card).getByTestId('result-image').querySelector('img')!.getAttribute('src')).toBe(
      `data:image/png;base64,${TINY_PNG}`,
    );
    expect(envFor).toHaveBeenCalledWith('ovos-mcp-toolbox', 'get-tiny-image');
    fireEvent.click(within(card).getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('demo://resource/dynamic/text/1');
  });

  it('folded, says what the result holds in one line, without the base64', () => {
    render(<ToolCard row={row} collapsed onToggle={noop} onOpen={noop} />);
    const summary = screen.getByTestId('trace-tool-summary').textContent!;
    expect(summary).toContain(
      "Here's the image you requested: [image image/png, 80 B] [link demo://resource/dynamic/text/1]",
    );
    expect(summary).not.toContain(TINY_PNG.slice(0, 20));
  });
});
