import type { Page } from 'playwright-core';

/** The persona list: create, import, pick, see broken files. */
export class Sidebar {
  constructor(readonly page: Page) {}
  async newPersona() {
    await this.page.getByTestId('new-persona').click();
  }
  async pick(id: string) {
    await this.page.getByTestId(`persona-${id}`).click();
    await this.page.getByTestId('persona-title').waitFor();
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
    return this.page.locator('[data-testid^="persona-"] .name').allInnerTexts().then((t) => t.map((s) => s.trim()));
  }
}
