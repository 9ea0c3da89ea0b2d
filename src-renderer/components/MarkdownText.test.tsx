import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { MarkdownText } from './MarkdownText';
import { markdownChunks } from './markdown-chunks';

afterEach(cleanup);

const html = (text: string) => render(<MarkdownText text={text} />).container;

describe('MarkdownText', () => {
  it('renders headings, emphasis, lists and code', () => {
    const out = html('# Plan\n\nSome **bold** and `code`.\n\n- one\n- two\n\n```js\nconst a = 1;\n\nconst b = 2;\n```');
    expect(out.querySelector('h1')!.textContent).toBe('Plan');
    expect(out.querySelector('strong')!.textContent).toBe('bold');
    expect(out.querySelector('p code')!.textContent).toBe('code');
    expect([...out.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(out.querySelector('pre code')!.textContent).toBe('const a = 1;\n\nconst b = 2;\n');
    expect(out.querySelectorAll('pre')).toHaveLength(1);
  });

  it('shows raw HTML as text: a <script> or an onerror image in an answer does not run', () => {
    const out = html('Before <script>window.pwned = 1</script> after\n\n<img src=x onerror="window.pwned=2">');
    expect(out.querySelector('script')).toBeNull();
    expect(out.querySelector('img')).toBeNull();
    expect(out.textContent).toContain('<script>window.pwned = 1</script>');
    expect(out.textContent).toContain('<img src=x onerror="window.pwned=2">');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('opens links outside the app (new context, no opener) and drops javascript: URLs', () => {
    const out = html('See [the docs](https://docs.openvoiceos.org/) or [this](javascript:alert(1)).');
    const [docs, bad] = [...out.querySelectorAll('a')];
    expect(docs.getAttribute('href')).toBe('https://docs.openvoiceos.org/');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
    expect(bad.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('resolves a reference link defined in another paragraph', () => {
    const link = html('See [the docs][1].\n\nMore text.\n\n[1]: https://example.com/docs').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
  });

  it('does not load images from an answer: they become links to their source', () => {
    const out = html('![a tracker](https://tracker.example/p.png)');
    expect(out.querySelector('img')).toBeNull();
    const link = out.querySelector('a')!;
    expect(link.textContent).toBe('image: a tracker');
    expect(link.getAttribute('href')).toBe('https://tracker.example/p.png');
  });

  it('renders GitHub tables (aligned, inside a scroller), strikethrough, task lists and bare links', () => {
    const out = html(
      [
        '| Tool | Calls | Mean ms |',
        '| :--- | :---: | ---: |',
        '| add | 9 | 0.4 |',
        '| get_weather | 1 | 212 |',
        '',
        '~~old plan~~ new plan',
        '',
        '- [x] call the tool',
        '- [ ] answer',
        '',
        'See www.openvoiceos.org for more.',
      ].join('\n'),
    );
    const table = out.querySelector('.table-scroll > table')!;
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Tool', 'Calls', 'Mean ms']);
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['add90.4', 'get_weather1212']);
    expect((table.querySelectorAll('td')[2] as HTMLElement).style.textAlign).toBe('right');
    expect(out.querySelector('del')!.textContent).toBe('old plan');
    const boxes = [...out.querySelectorAll('li input[type="checkbox"]')] as HTMLInputElement[];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    const link = out.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('http://www.openvoiceos.org');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('keeps a footnote with its reference when the answer is chunked', () => {
    const out = html('A claim.[^1]\n\nMore text.\n\n[^1]: The source.');
    expect(out.querySelector('sup a')!.getAttribute('href')).toMatch(/#user-content-fn-1$/);
    expect(out.querySelector('section[data-footnotes] li')!.textContent).toContain('The source.');
  });
});

describe('markdownChunks', () => {
  it('splits at blank lines, but never inside a code fence, and keeps indented continuations', () => {
    expect(markdownChunks('a\n\nb')).toEqual(['a\n', 'b']);
    expect(markdownChunks('```\nx\n\ny\n```\n\nafter')).toEqual(['```\nx\n\ny\n```\n', 'after']);
    expect(markdownChunks('- item\n\n  more of it\n\nnext')).toEqual(['- item\n\n  more of it\n', 'next']);
    expect(markdownChunks('')).toEqual(['']);
    expect(markdownChunks('See [the docs][1].\n\n[1]: https://example.com/')).toHaveLength(1);
  });

  it('renders the same text chunked as whole', () => {
    const text = '# T\n\n1. a\n2. b\n\n> quote\n\n```\ncode\n\nmore\n```\n\nend *it*';
    const chunked = render(<MarkdownText text={text} />).container.innerHTML;
    cleanup();
    const whole = render(<Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown>).container.innerHTML;
    expect(chunked.replace(/>\s+</g, '><')).toBe(whole.replace(/>\s+</g, '><'));
    expect(chunked).toContain('<ol>');
    expect(chunked).toContain('<blockquote>');
  });
});
