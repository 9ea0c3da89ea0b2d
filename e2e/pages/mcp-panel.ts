import type { Page } from 'playwright-core';

/** An MCP server's tabs in the Tools pane (Tools | Resources | Prompts | Log) and the server-request dialogs. */
export class McpPanel {
  constructor(
    readonly page: Page,
    readonly toolboxId: string,
  ) {}
  async view(view: 'tools' | 'resources' | 'prompts' | 'log') {
    await this.page.getByTestId(`mcp-tab-${this.toolboxId}-${view}`).click();
    if (view !== 'tools') await this.page.getByTestId(`mcp-panel-${view}`).waitFor();
  }
  /** Opens a listed resource by its URI (its "Open" button). */
  async openResource(uri: string) {
    await this.page.getByRole('button', { name: `Open ${uri}` }).click();
    await this.page.getByTestId('resource-contents').waitFor();
  }
  async pickTemplate(uriTemplate: string) {
    await this.page.getByTestId('template-item').filter({ hasText: uriTemplate }).click();
    await this.page.getByTestId('template-form').waitFor();
  }
  /** A field of the form in `container` (template-form, prompt-form, elicitation-dialog) by its property name. */
  field(container: string, name: string) {
    return this.page.locator(`[data-testid="${container}"] :is(input, select, textarea)[id$="_${name}"]`).first();
  }
  async submit(container: string) {
    await this.page.locator(`[data-testid="${container}"] [data-testid="run-tool"]`).click();
  }
  contents() {
    return this.page.getByTestId('resource-contents');
  }
  async pickPrompt(name: string) {
    await this.page.getByTestId(`prompt-${name}`).click();
    await this.page.getByTestId('prompt-form').waitFor();
  }
  async useInChat() {
    await this.page.getByRole('button', { name: 'Use in chat' }).click();
  }
  elicitation() {
    return this.page.getByTestId('elicitation-dialog');
  }
  sampling() {
    return this.page.getByTestId('sampling-dialog');
  }
  logEntries() {
    return this.page.getByTestId('log-entry');
  }
}
