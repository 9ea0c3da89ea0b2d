import type { Page } from 'playwright-core';

/** The persona list: create, import, pick, see broken files. */
export class Sidebar {
  constructor(readonly page: Page) {}
  async newPersona() {
    await this.page.getByTestId('new-persona').click();
  }
  /** Selects a persona and waits until the editor shows it (not whatever was selected before). */
  async pick(id: string) {
    const entry = this.page.getByTestId(`persona-${id}`);
    await entry.click();
    const name = (await entry.locator('.name').innerText()).trim();
    await this.page.waitForFunction(
      ([testId, expected]) =>
        document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('aria-current') === 'true' &&
        document.querySelector('[data-testid="persona-title"]')?.textContent?.trim() === expected,
      [`persona-${id}`, name] as const,
    );
  }
  entry(id: string) {
    return this.page.getByTestId(`persona-${id}`);
  }
  broken(id: string) {
    return this.page.getByTestId(`broken-${id}`);
  }
  async importFile(file: string) {
    await this.page.getByTestId('import-file').setInputFiles(file);
  }
  async names(): Promise<string[]> {
    return this.page
      .locator('[data-testid^="persona-"] .name')
      .allInnerTexts()
      .then((t) => t.map((s) => s.trim()));
  }
}
