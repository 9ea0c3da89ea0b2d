import type { Page } from 'playwright-core';

/** The approval dialog: the programs a persona would start, Approve and run / Not now. */
export class ApprovalDialog {
  constructor(readonly page: Page) {}
  get dialog() {
    return this.page.getByTestId('approval-dialog');
  }
  async waitOpen() {
    await this.dialog.waitFor();
  }
  async text(): Promise<string> {
    return this.dialog.innerText();
  }
  async approve() {
    await this.page.getByTestId('approval-approve').click();
    await this.dialog.waitFor({ state: 'detached' });
  }
  async notNow() {
    await this.page.getByTestId('approval-not-now').click();
    await this.dialog.waitFor({ state: 'detached' });
  }
  /** From the Tools pane: the "needs approval" notice of a toolbox, then its "Review and approve…". */
  async reviewFromTools(toolboxId: string) {
    await this.page.getByTestId(`toolbox-approval-${toolboxId}`).getByRole('button').click();
    await this.waitOpen();
  }
}
