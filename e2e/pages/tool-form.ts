import type { Page } from 'playwright-core';

/** The Tools tab: the list of tools and the selected tool's form, output and history. */
export class ToolForm {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.getByTestId('tab-tools').click();
    await this.page.getByTestId('tool-list').waitFor();
  }
  /** Selects a tool and waits until its own form is on screen. */
  async pick(name: string) {
    await this.page.getByTestId(`tool-${name}`).click();
    await this.page.locator('[data-testid="tool-detail"] .tool-head h2', { hasText: name }).waitFor();
  }
  /** The list's filter box. */
  filter() {
    return this.page.getByLabel('Filter tools');
  }
  /** An rjsf field by its JSON path (`from.city`, `stops.0.country`). */
  field(path: string) {
    const id = path.replaceAll('.', '_');
    return this.page.locator(`[data-testid="tool-detail"] :is(input, select, textarea)[id$="_${id}"]`).first();
  }
  async addItem(arrayPath: string) {
    await this.page.locator(`[data-testid="tool-detail"] [id$="_${arrayPath}__add"]`).first().click();
  }
  async run() {
    await this.page.getByTestId('run-tool').click();
  }
  async rawMode(text?: string) {
    if (!(await this.page.getByTestId('raw-args').isVisible())) await this.page.getByTestId('toggle-raw').click();
    if (text !== undefined) await this.page.getByTestId('raw-args').fill(text);
  }
  async formMode() {
    if (await this.page.getByTestId('raw-args').isVisible()) await this.page.getByTestId('toggle-raw').click();
  }
  async rawArgs(): Promise<unknown> {
    await this.rawMode();
    return JSON.parse(await this.page.getByTestId('raw-args').inputValue());
  }
  /** Waits for the output; an MCP-style result shows its content blocks first: this switches it to its raw JSON. */
  async showRawResult() {
    const output = this.page.getByTestId('tool-output');
    await output.waitFor();
    const toggle = output.getByTestId('toggle-raw-result');
    if ((await toggle.count()) && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await this.page.getByTestId('tool-result').waitFor();
  }
  /** The whole result as JSON (its raw view). */
  async result(): Promise<unknown> {
    await this.showRawResult();
    return JSON.parse(await this.page.getByTestId('tool-result').innerText());
  }
  /** The result as content blocks (text, image, resource...). */
  resultView() {
    return this.page.getByTestId('tool-output').getByTestId('result-view');
  }
  error() {
    return this.page.getByTestId('tool-error');
  }
  fieldErrors() {
    return this.page.locator('[data-testid="tool-detail"] .error-detail li, [data-testid="tool-detail"] .text-danger');
  }
  history() {
    return this.page.getByTestId('tool-history').locator('li');
  }
}
