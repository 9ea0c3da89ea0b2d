import type { Locator, Page } from 'playwright-core';

type SwitchName = 'Pause before tools' | 'Pause before the model' | 'Pause on tool error';

/** The chat pane's debugger: breakpoint switches, the paused TOOL card and its actions, the model request editor. */
export class Debugger {
  constructor(readonly page: Page) {}
  switch(name: SwitchName): Locator {
    return this.page.getByRole('switch', { name, exact: true });
  }
  /** Sets a breakpoint switch and waits until main has stored it (the switch reflects main's answer). */
  async setSwitch(name: SwitchName, on: boolean) {
    const s = this.switch(name);
    if ((await s.isChecked()) !== on) await s.setChecked(on, { force: true });
    await this.page.waitForFunction(
      ([n, want]) =>
        [...document.querySelectorAll<HTMLInputElement>('[role="switch"]')].some(
          (el) => el.closest('label')?.textContent?.trim() === n && el.checked === want,
        ),
      [name, on] as const,
    );
  }
  async openPopover() {
    if ((await this.page.getByTestId('breakpoints-button').getAttribute('aria-expanded')) !== 'true')
      await this.page.getByTestId('breakpoints-button').click();
    return this.page.getByTestId('breakpoints-popover');
  }
  /** The header badge: "Run paused before … · for 3 s" while paused. */
  status() {
    return this.page.getByTestId('run-status');
  }
  /** The paused TOOL card (there is one at a time). */
  pausedCard(): Locator {
    return this.page.locator('[data-testid="trace-tool"][data-status="paused"]');
  }
  async waitForToolPause(toolCallId?: string) {
    const card = toolCallId
      ? this.page.locator(`[data-testid="trace-tool"][data-status="paused"][data-tool-call-id="${toolCallId}"]`)
      : this.pausedCard();
    await card.getByTestId('paused-tool').waitFor();
    return card;
  }
  /** A field of the paused call's own form, by its JSON path (`expression`, `from.city`). */
  field(path: string): Locator {
    const id = path.replaceAll('.', '_');
    return this.pausedCard().getByTestId('paused-args').locator(`:is(input, select, textarea)[id$="_${id}"]`).first();
  }
  button(name: 'Run' | 'Mock result' | 'Deny' | 'Continue' | 'Step' | 'Stop' | 'Send'): Locator {
    const scope =
      name === 'Send'
        ? this.modelPause()
        : this.page.locator('[data-testid="paused-tool"], [data-testid="model-pause"]');
    return scope.getByRole('button', { name, exact: true });
  }
  /** Mock result: opens the result form, writes `result` as JSON, returns it. */
  async mock(result: unknown) {
    await this.button('Mock result').click();
    const form = this.pausedCard().getByTestId('mock-form');
    await form.getByTestId('toggle-raw').click();
    await form.getByTestId('raw-args').fill(JSON.stringify(result));
    await form.getByRole('button', { name: 'Return this result' }).click();
  }
  async deny(reason?: string) {
    await this.button('Deny').click();
    const form = this.pausedCard().getByTestId('deny-form');
    if (reason) await form.getByLabel('Reason (optional)').fill(reason);
    await form.getByRole('button', { name: 'Send denial' }).click();
  }
  modelPause(): Locator {
    return this.page.getByTestId('model-pause');
  }
  requestEditor(): Locator {
    return this.modelPause().getByTestId('request-editor');
  }
  async editRequest(edit: (request: { messages: { role: string; content: string }[] }) => void) {
    const text = await this.requestEditor().inputValue();
    const request = JSON.parse(text) as { messages: { role: string; content: string }[] };
    edit(request);
    await this.requestEditor().fill(JSON.stringify(request, null, 2));
  }
  /** A finished TOOL card by call id. */
  card(toolCallId: string): Locator {
    return this.page.locator(`[data-testid="trace-tool"][data-tool-call-id="${toolCallId}"]`);
  }
}
