import type { Page } from 'playwright-core';

/** The Editor tab of the selected persona. */
export class PersonaEditor {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.getByTestId('tab-editor').click();
    await this.page.getByTestId('persona-editor').waitFor();
  }
  name() {
    return this.page.locator('#persona-name');
  }
  async fill(fields: {
    name?: string;
    description?: string;
    prompt?: string;
    url?: string;
    model?: string;
    maxIterations?: number;
  }) {
    if (fields.name !== undefined) await this.name().fill(fields.name);
    if (fields.description !== undefined) await this.page.locator('#persona-description').fill(fields.description);
    if (fields.prompt !== undefined) await this.page.locator('#persona-prompt').fill(fields.prompt);
    if (fields.url !== undefined) await this.page.locator('#brain-url').fill(fields.url);
    if (fields.model !== undefined) await this.page.locator('#brain-model').fill(fields.model);
    if (fields.maxIterations !== undefined)
      await this.page.locator('#persona-max-iterations').fill(String(fields.maxIterations));
  }
  async enableToolbox(id: string, on = true) {
    await this.page.getByTestId(`toolbox-${id}`).locator('input[type=checkbox]').first().setChecked(on);
  }
  /** Adds one more instance of a toolbox (`<id>:<name>`) through its "+ Another …" button. */
  async addToolboxInstance(id: string, name: string) {
    const item = this.page.getByTestId(`toolbox-${id}`);
    await item.getByRole('button', { name: /^\+ Another/ }).click();
    await item.getByLabel(/Name of the new/).fill(name);
    await item.getByLabel(/Name of the new/).press('Enter');
  }
  /** Sets a toolbox's config by editing its rjsf form fields through their ids. */
  toolboxConfig(id: string) {
    return this.page.getByTestId(`toolbox-${id}`);
  }
  /**
   * Adds an entry to a map of a toolbox's config form (Headers, Variables, Environment): the new row's name, then
   * its value (the value box is labelled by the entry's name).
   */
  async addMapEntry(toolboxId: string, map: string, name: string, value: string) {
    const block = this.toolboxConfig(toolboxId);
    await block.getByRole('button', { name: `Add item to ${map}` }).click();
    const row = block.locator('.kv-pair', { has: this.page.getByRole('textbox', { name: 'newKey', exact: true }) });
    const key = row.locator('.kv-key input');
    await key.fill(name);
    await key.blur();
    await block.getByRole('textbox', { name, exact: true }).fill(value);
  }
  async save() {
    await this.page.getByTestId('save-persona').click();
  }
  async saveWithKeyboard() {
    await this.page.keyboard.press('Control+s');
  }
  dirtyMark() {
    return this.page.getByTestId('dirty-mark');
  }
  savedMark() {
    return this.page.getByTestId('saved-mark');
  }
  fieldError(id: string) {
    return this.page.getByTestId(`error-${id}`);
  }
  async personaJson(): Promise<unknown> {
    if (!(await this.page.getByTestId('persona-json').isVisible())) await this.page.getByTestId('toggle-json').click();
    return JSON.parse(await this.page.getByTestId('persona-json').innerText());
  }
  /** Edit JSON: the text as shown (API keys masked), replaced by `edit(text)`; Ctrl+Enter applies it. */
  async editJson(edit: (text: string) => string) {
    if (!(await this.page.getByTestId('edit-json').isVisible())) await this.page.getByTestId('toggle-json').click();
    await this.page.getByTestId('edit-json').click();
    const box = this.page.getByTestId('persona-json-edit');
    await box.fill(edit(await box.inputValue()));
    await box.press('Control+Enter');
  }
  jsonProblem() {
    return this.page.getByTestId('persona-json-problem');
  }
  async testConnection() {
    await this.page.getByTestId('test-connection').click();
  }
}
