import type { Page } from 'playwright-core';

/** The Chat tab: composer, trace, sessions. */
export class Chat {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.getByTestId('tab-chat').click();
    await this.page.getByTestId('chat-pane').waitFor();
  }
  async send(text: string) {
    await this.page.getByTestId('chat-input').fill(text);
    await this.page.keyboard.press('Control+Enter');
  }
  /** The trace rows in display order, as kinds: user, assistant, tool, answer, ... */
  async rowKinds(): Promise<string[]> {
    return this.page
      .locator('[data-testid="trace-pane"] [data-testid^="trace-"]')
      .evaluateAll((els) =>
        els
          .map((e) => (e as HTMLElement).dataset.testid!.replace('trace-', ''))
          .filter((k) =>
            ['user', 'assistant', 'tool', 'answer', 'end', 'cancelled', 'failed', 'iteration'].includes(k),
          ),
      );
  }
  answer() {
    return this.page.getByTestId('trace-answer').last();
  }
  tools() {
    return this.page.getByTestId('trace-tool');
  }
  /** Opens the first turn's raw exchange and waits for its request (fetched from the session file); its text. */
  async rawExchange(): Promise<string> {
    await this.page.getByTestId('toggle-raw-exchange').first().click();
    const exchange = this.page.getByTestId('raw-exchange').first();
    await exchange.waitFor();
    await exchange.getByTestId('raw-request-pending').waitFor({ state: 'detached' });
    return exchange.innerText();
  }
  async waitForEnd() {
    await this.page
      .locator('[data-testid="trace-end"], [data-testid="trace-cancelled"], [data-testid="trace-failed"]')
      .last()
      .waitFor();
  }
  /** "Try again…" on the last run that did not finish: the fork dialog's message, sent as it is; returns it. */
  async tryAgain(): Promise<string> {
    await this.page.getByTestId('try-again').last().click();
    const dialog = this.page.getByTestId('fork-dialog');
    const text = await dialog.getByTestId('fork-text').inputValue();
    await dialog.getByTestId('fork-submit').click();
    await dialog.waitFor({ state: 'detached' });
    return text;
  }
  async cancelWithEsc() {
    await this.page.keyboard.press('Escape');
  }
  async newChat() {
    await this.page.getByTestId('new-chat').click();
  }
  /** Opens a saved session: the newest, or the one whose title contains `title`. */
  async openSession(title?: string) {
    const select = this.page.getByTestId('session-select');
    const options = await select
      .locator('option')
      .evaluateAll((os) =>
        os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })).filter((o) => o.value),
      );
    const pick = title ? options.find((o) => o.label.includes(title)) : options[0];
    if (!pick)
      throw new Error(
        `No saved session${title ? ` titled like '${title}'` : ''} among: ${options.map((o) => o.label).join(' | ')}`,
      );
    await select.selectOption(pick.value);
  }
}
