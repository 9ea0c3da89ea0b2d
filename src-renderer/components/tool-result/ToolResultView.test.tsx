import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { mcpOutputSchemaFixture, mcpResult, TINY_PNG } from './test-fixtures';
import { ToolResultView } from './ToolResultView';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ToolResultView: each kind of content', () => {
  it('shows text as text, and JSON text as a folding tree with its size', () => {
    render(
      <ToolResultView
        result={mcpResult([
          { type: 'text', text: 'Plain line\nsecond line' },
          { type: 'text', text: '{"dir":{"files":[{"name":"a.txt","size":12}]},"total":1}' },
        ])}
      />,
    );
    const [plain, json] = screen.getAllByTestId('result-text');
    expect(plain.dataset.kind).toBe('text');
    expect(plain.querySelector('pre')!.textContent).toBe('Plain line\nsecond line');
    expect(json.dataset.kind).toBe('json');
    expect(json.textContent).toContain('1 line · 56 B');
    expect(json.textContent).toContain('total: 1');
    // Three levels are open: the files array shows its item folded; opening it shows the name.
    const item = within(json).getByRole('button', { name: /0: \{ 2 keys \}/ });
    expect(item.getAttribute('aria-expanded')).toBe('false');
    expect(json.textContent).not.toContain('"a.txt"');
    fireEvent.click(item);
    expect(json.textContent).toContain('name: "a.txt"');
    fireEvent.click(within(json).getByRole('button', { name: /^files:/ }));
    expect(json.textContent).not.toContain('"a.txt"');
  });

  it('folds a long text to its first lines, says its size, and shows it all on request', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n');
    render(<ToolResultView result={mcpResult([{ type: 'text', text }])} />);
    const block = screen.getByTestId('result-text');
    expect(within(block).getByTestId('text-size').textContent).toBe('100 lines · 791 B');
    expect(block.querySelector('pre')!.textContent).toContain('line 24');
    expect(block.querySelector('pre')!.textContent).not.toContain('line 25\n');
    fireEvent.click(within(block).getByRole('button', { name: 'Show all (100 lines · 791 B)' }));
    expect(block.querySelector('pre')!.textContent).toBe(text);
    fireEvent.click(within(block).getByRole('button', { name: 'Show less' }));
    expect(block.querySelector('pre')!.textContent).not.toContain('line 100');
  });

  it('previews an image with its type and size, opens it full size in a dialog, and saves its bytes', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:saved';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<ToolResultView result={mcpResult([{ type: 'image', data: TINY_PNG, mimeType: 'image/png' }])} />);
    const block = screen.getByTestId('result-image');
    expect(within(block).getByText('image/png')).toBeTruthy();
    expect(within(block).getByTestId('media-size').textContent).toBe('80 B');
    expect(within(block).getByTestId('media-size').title).toBe('80 bytes');
    const img = block.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${TINY_PNG}`);

    const openButton = within(block).getByRole('button', { name: 'Open full size' });
    openButton.focus();
    fireEvent.click(openButton);
    const dialog = screen.getByTestId('image-lightbox');
    expect(dialog.querySelector('img')!.getAttribute('src')).toBe(`data:image/png;base64,${TINY_PNG}`);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('image-lightbox')).toBeNull();
    expect(document.activeElement, 'the keyboard is back where it was').toBe(openButton);

    fireEvent.click(within(block).getByRole('button', { name: 'Save' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(created[0].type).toBe('image/png');
    expect(new Uint8Array(await created[0].arrayBuffer()).slice(0, 4)).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
  });

  it('plays audio with a player, and names its type and size', () => {
    render(<ToolResultView result={mcpResult([{ type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' }])} />);
    const block = screen.getByTestId('result-audio');
    const audio = block.querySelector('audio')!;
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('src')).toBe('data:audio/wav;base64,UklGRiQAAABXQVZF');
    expect(within(block).getByTestId('media-size').textContent).toBe('12 B');
  });

  it('shows a resource link with its URI and type, and Open reads it through the given reader', async () => {
    const open = vi.fn(async (uri: string) => [{ uri, mimeType: 'text/plain', text: 'Resource 1: hello' }]);
    render(
      <ToolResultView
        result={mcpResult([
          {
            type: 'resource_link',
            uri: 'demo://resource/dynamic/text/1',
            name: 'Resource 1',
            mimeType: 'text/plain',
            description: 'A text resource',
          },
        ])}
        onOpenResource={open}
      />,
    );
    const block = screen.getByTestId('result-resource-link');
    expect(within(block).getByTestId('resource-uri').textContent).toBe('demo://resource/dynamic/text/1');
    expect(block.textContent).toContain('text/plain');
    expect(block.textContent).toContain('A text resource');
    fireEvent.click(within(block).getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('demo://resource/dynamic/text/1');
    const dialog = await screen.findByTestId('resource-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('resource-text').textContent).toContain('Resource 1: hello'));
  });

  it("shows the server's error when Open fails, and no Open at all without a reader", async () => {
    const link = { type: 'resource_link', uri: 'demo://nope' };
    const { unmount } = render(
      <ToolResultView
        result={mcpResult([link])}
        onOpenResource={async () => {
          throw Object.assign(new Error("Could not read the resource 'demo://nope'."), {
            code: 'tool_execution_failed',
            details: { cause: 'Unknown resource: demo://nope' },
          });
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const error = await screen.findByTestId('resource-error');
    expect(error.textContent).toContain('Unknown resource: demo://nope');
    unmount();
    render(<ToolResultView result={mcpResult([link])} />);
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  });

  it('shows an embedded resource with its URI, type and contents (text or bytes)', () => {
    render(
      <ToolResultView
        result={mcpResult([
          { type: 'resource', resource: { uri: 'demo://a.txt', mimeType: 'text/plain', text: 'embedded text' } },
          { type: 'resource', resource: { uri: 'demo://b.png', mimeType: 'image/png', blob: TINY_PNG } },
        ])}
        onOpenResource={async () => []}
      />,
    );
    const [text, image] = screen.getAllByTestId('result-resource');
    expect(within(text).getByTestId('resource-uri').textContent).toBe('demo://a.txt');
    expect(within(text).getByTestId('resource-text').textContent).toContain('embedded text');
    expect(within(text).getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(within(image).getByTestId('result-image').querySelector('img')!.getAttribute('src')).toContain(
      'data:image/png;base64,',
    );
  });
});

describe('ToolResultView: errors, structured content, raw JSON', () => {
  it('marks an is_error result as an error', () => {
    render(<ToolResultView result={mcpResult([{ type: 'text', text: 'Quota exceeded' }], { is_error: true })} />);
    expect(screen.getByTestId('result-view').className).toContain('is-error');
    expect(screen.getByTestId('result-is-error').textContent).toContain('is_error');
    cleanup();
    render(<ToolResultView result={mcpResult([{ type: 'text', text: 'fine' }])} />);
    expect(screen.queryByTestId('result-is-error')).toBeNull();
  });

  it('reads a plain MCP CallToolResult too (isError, structuredContent)', () => {
    render(
      <ToolResultView
        result={{ content: [{ type: 'text', text: 'nope' }], isError: true, structuredContent: { a: 1 } }}
      />,
    );
    expect(screen.getByTestId('result-is-error')).toBeTruthy();
    expect(screen.getByTestId('result-structured').textContent).toContain('a: 1');
  });

  it('shows structured content next to the output-schema check: matches, or the issues', () => {
    const schema = mcpOutputSchemaFixture({
      type: 'object',
      properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
      required: ['temperature', 'conditions'],
    });
    render(
      <ToolResultView
        result={mcpResult([], { structured: { temperature: 36, conditions: 'rain' } })}
        outputSchema={schema}
      />,
    );
    expect(screen.getByTestId('schema-check').textContent).toBe('matches the output schema');
    expect(screen.getByTestId('result-structured').textContent).toContain('temperature: 36');
    cleanup();
    render(<ToolResultView result={mcpResult([], { structured: { temperature: 'hot' } })} outputSchema={schema} />);
    expect(screen.getByTestId('schema-check').textContent).toBe('does not match the output schema');
    const issues = screen.getByTestId('schema-issues').textContent!;
    expect(issues).toContain('.temperature must be number, not string');
    expect(issues).toContain('conditions');
    cleanup();
    render(<ToolResultView result={mcpResult([], { structured: { x: 1 } })} outputSchema={mcpOutputSchemaFixture()} />);
    expect(screen.getByTestId('schema-check').textContent).toBe('no output schema declared');
  });

  it('shows the whole result as raw JSON one click away, and back', () => {
    const result = mcpResult([{ type: 'image', data: TINY_PNG, mimeType: 'image/png' }]);
    render(<ToolResultView result={result} testId="tool-result" />);
    const toggle = screen.getByRole('button', { name: 'Raw JSON' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('tool-result')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(screen.getByTestId('tool-result').textContent!)).toEqual(result);
    expect(screen.queryByTestId('result-image')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId('result-image')).toBeTruthy();
  });

  it('shows any other result as its JSON, as before', () => {
    render(<ToolResultView result={{ result: 42, expression: '6*7' }} testId="tool-result" />);
    expect(JSON.parse(screen.getByTestId('tool-result').textContent!)).toEqual({ result: 42, expression: '6*7' });
    expect(screen.queryByRole('button', { name: 'Raw JSON' })).toBeNull();
  });
});
