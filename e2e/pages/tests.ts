import type { Locator, Page } from 'playwright-core';

/** The Tests tab and the Save as test editor. */
export class TestsScreen {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.getByTestId('tab-tests').click();
    await this.page.getByTestId('tests-pane').waitFor();
  }
  /** Save as test on the chat session shown; waits for the case editor. */
  async saveAsTest() {
    await this.page.getByRole('button', { name: 'Save as test' }).click();
    await this.dialog().waitFor();
  }
  dialog(): Locator {
    return this.page.getByTestId('save-test-dialog');
  }
  /** The case being edited, as JSON. */
  async draft(): Promise<Record<string, unknown>> {
    return JSON.parse(await this.page.getByTestId('save-test-json').inputValue());
  }
  async editDraft(text: string) {
    await this.page.getByTestId('save-test-json').fill(text);
  }
  problems(): Locator {
    return this.page.getByTestId('save-test-problems');
  }
  async saveDraft() {
    await this.dialog().getByRole('button', { name: 'Save test' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }
  testCase(name: string): Locator {
    return this.page.getByTestId('test-case').filter({ hasText: name });
  }
  async runAll() {
    await this.page.getByRole('button', { name: 'Run all' }).click();
  }
  async runOne() {
    await this.page.getByRole('button', { name: 'Run one' }).click();
  }
  async rerunFailed() {
    await this.page.getByRole('button', { name: 'Re-run failed' }).click();
  }
  /** Waits until the case shows this status (passed, failed, running, not-run). */
  async waitForStatus(name: string, status: string) {
    await this.page.locator(`[data-testid="test-case"][data-status="${status}"]`).filter({ hasText: name }).waitFor();
  }
  detail(): Locator {
    return this.page.getByTestId('case-detail');
  }
  failedAssertions(): Locator {
    return this.detail().locator('[data-testid="assertion"][data-ok="false"]');
  }
  trace(): Locator {
    return this.detail().getByTestId('case-trace');
  }
  historyEntries(): Locator {
    return this.detail().getByTestId('history-entry');
  }
}
