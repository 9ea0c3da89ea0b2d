import type { Page } from 'playwright-core';

/** The editor's Versions dialog: the kept versions, the diff of the chosen one against the current, Restore. */
export class VersionsDialog {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.getByTestId('persona-versions').click();
    await this.page.getByTestId('versions-dialog').waitFor();
  }
  dialog() {
    return this.page.getByTestId('versions-dialog');
  }
  items() {
    return this.page.getByTestId('version-item');
  }
  async choose(index: number) {
    await this.items().nth(index).click();
  }
  /** The diff's changed lines, as `+ text` / `- text`. */
  async changedLines(): Promise<string[]> {
    return this.page
      .locator('[data-testid="version-diff"] .diff-line:not(.same)')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
  }
  async restore() {
    await this.page.getByTestId('version-restore').click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
