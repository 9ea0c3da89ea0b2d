import type { Page } from 'playwright-core';

/** Time travel in the Chat tab: Fork from here, the session tree, the fork's origin link, Re-run with…, Diff. */
export class TimeTravel {
  constructor(readonly page: Page) {}

  toolCard(toolCallId: string) {
    return this.page.locator(`[data-testid="trace-tool"][data-tool-call-id="${toolCallId}"]`);
  }
  dialog() {
    return this.page.getByTestId('fork-dialog');
  }
  /** Forks at a TOOL card, the result entered as JSON in the tool's output form. */
  async forkAtTool(toolCallId: string, result: unknown) {
    await this.toolCard(toolCallId).getByTestId('fork-here').click();
    const form = this.dialog().getByTestId('fork-result');
    await form.getByTestId('toggle-raw').click();
    await form.getByTestId('raw-args').fill(JSON.stringify(result));
    await form.getByRole('button', { name: 'Fork and continue' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }
  origin() {
    return this.page.getByTestId('session-origin');
  }
  /** The session picker's labels, in tree order. */
  async treeLabels(): Promise<string[]> {
    return this.page
      .getByTestId('session-select')
      .locator('option')
      .evaluateAll((os) => os.filter((o) => (o as HTMLOptionElement).value).map((o) => o.textContent ?? ''));
  }
  async openDiff() {
    await this.page.getByTestId('diff-open').click();
    await this.page.getByTestId('diff-body').waitFor();
    return this.page.getByTestId('run-diff');
  }
}
