import type { Page } from 'playwright-core';

/** One drawn trace row: its kind (user, span, assistant, tool, notice, answer, end...), depth and span kind/title. */
export interface DrawnRow {
  kind: string;
  depth: number;
  spanKind?: string;
  title?: string;
}

/** The chat trace of a multi-phase loop: its tree of spans, folding, and the run's token footer. */
export class LoopTrace {
  constructor(readonly page: Page) {}

  /** The rows on screen in order, each with its depth in the tree. */
  async tree(): Promise<DrawnRow[]> {
    return this.page.locator('[data-testid="trace-pane"] .trace-col').evaluateAll((cols) =>
      cols.flatMap((col) => {
        const row = col.querySelector('[data-testid^="trace-"]') as HTMLElement | null;
        if (!row) return [];
        const depth = Number((col as HTMLElement).dataset.depth ?? 0);
        const kind = row.dataset.testid!.replace('trace-', '');
        if (kind !== 'span') return [{ kind, depth }];
        const title = row.querySelector('.span-title')?.textContent ?? '';
        return [{ kind, depth, spanKind: row.dataset.spanKind, title }];
      }),
    );
  }

  /** The span rows as `depth kind: title` lines, the shape a test compares. */
  async outline(): Promise<string[]> {
    return (await this.tree())
      .filter((r) => r.kind === 'span')
      .map((r) => `${'  '.repeat(r.depth)}${r.spanKind}: ${r.title}`);
  }

  span(title: string) {
    return this.page.locator('[data-testid="trace-span"]', {
      has: this.page.locator('.span-title', { hasText: title }),
    });
  }

  /** Folds or unfolds a span by its title (its header's ▸/▾ button). */
  async toggle(title: string) {
    await this.span(title).first().locator('button[aria-expanded]').click();
  }

  usage() {
    return this.page.getByTestId('trace-usage');
  }

  /** Scrolls the pane to its top, so a screenshot starts at the user's question. */
  async scrollTop() {
    await this.page.getByTestId('trace-pane').evaluate((el) => el.scrollTo(0, 0));
  }
}
