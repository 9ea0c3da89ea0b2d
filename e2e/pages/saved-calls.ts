import type { Page } from 'playwright-core';

/** The selected tool's history and saved calls, in the Tools tab. */
export class SavedCallsPanel {
  constructor(readonly page: Page) {}
  historyRows() {
    return this.page.getByTestId('history-call');
  }
  savedRows() {
    return this.page.getByTestId('saved-call');
  }
  saved(label: string) {
    return this.savedRows().filter({
      has: this.page.getByTestId('saved-call-label').getByText(label, { exact: true }),
    });
  }
  /** Names a history entry (0: the newest) and keeps it as a saved call. */
  async save(index: number, label: string) {
    await this.historyRows().nth(index).getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByLabel('Name of the saved call').fill(label);
    await this.page.getByLabel('Name of the saved call').press('Enter');
    await this.saved(label).waitFor();
  }
  /** Runs a saved call again, in one click. */
  async run(label: string) {
    await this.page.getByRole('button', { name: `Run “${label}”` }).click();
  }
  async rename(label: string, next: string) {
    await this.page.getByRole('button', { name: `Rename “${label}”` }).click();
    await this.page.getByLabel('Name of the saved call').fill(next);
    await this.page.getByLabel('Name of the saved call').press('Enter');
    await this.saved(next).waitFor();
  }
  async delete(label: string) {
    await this.page.getByRole('button', { name: `Delete “${label}”` }).click();
    await this.saved(label).waitFor({ state: 'detached' });
  }
}
