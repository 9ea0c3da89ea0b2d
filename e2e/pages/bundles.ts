import type { Page } from 'playwright-core';

/** Run bundles: Export bundle (session bar), Open bundle… (sidebar), the read-only banner and Re-run offline. */
export class Bundles {
  constructor(readonly page: Page) {}
  /** Clicks Export bundle and saves the download to `file`. */
  async exportTo(file: string) {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('export-bundle').click();
    await (await download).saveAs(file);
  }
  async open(file: string) {
    await this.page.getByTestId('open-bundle-file').setInputFiles(file);
    await this.banner().waitFor();
  }
  banner() {
    return this.page.getByTestId('bundle-banner');
  }
  async rerunOffline() {
    await this.page.getByTestId('bundle-rerun').click();
    await this.banner().waitFor({ state: 'detached' });
  }
}
