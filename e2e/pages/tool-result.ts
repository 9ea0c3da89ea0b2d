import type { Locator, Page } from 'playwright-core';

/** A tool result shown as content blocks (the Tools pane's output or a TOOL card): images, resources, raw JSON. */
export class ToolResult {
  constructor(
    readonly page: Page,
    /** The element that holds the result view (the Tools pane's output, a TOOL card). */
    readonly scope: Locator,
  ) {}
  view() {
    return this.scope.getByTestId('result-view');
  }
  image() {
    return this.scope.getByTestId('result-image').first();
  }
  /** Whether the preview image decoded (the CSP let its data: URL load): its natural width. */
  async imageWidth(): Promise<number> {
    const img = this.image().locator('img');
    await img.waitFor();
    await this.page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle());
    return img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
  }
  async openFullSize(): Promise<Locator> {
    await this.image().getByRole('button', { name: 'Open full size' }).click();
    const dialog = this.page.getByTestId('image-lightbox');
    await dialog.waitFor();
    return dialog;
  }
  audio() {
    return this.scope.getByTestId('result-audio').first();
  }
  /** Whether the player's audio decoded (the CSP let its data: URL load): its duration in seconds. */
  async audioDuration(): Promise<number> {
    const audio = this.audio().locator('audio');
    await audio.waitFor();
    await this.page.waitForFunction(
      (el) => (el as HTMLAudioElement).readyState >= 1 || (el as HTMLAudioElement).error !== null,
      await audio.elementHandle(),
    );
    return audio.evaluate((el) => {
      const media = el as HTMLAudioElement;
      if (media.error) throw new Error(`the audio did not load: ${media.error.message || media.error.code}`);
      return media.duration;
    });
  }
  resourceLinks() {
    return this.scope.getByTestId('result-resource-link');
  }
  embeddedResources() {
    return this.scope.getByTestId('result-resource');
  }
  /** Opens a resource (link or embedded) and returns the dialog once the server's answer is in. */
  async open(resource: Locator): Promise<Locator> {
    await resource.getByRole('button', { name: 'Open' }).click();
    const dialog = this.page.getByTestId('resource-dialog');
    await dialog
      .locator('[data-testid="resource-text"], [data-testid="result-file"], [data-testid="resource-error"]')
      .first()
      .waitFor();
    return dialog;
  }
  async closeDialog() {
    await this.page.keyboard.press('Escape');
  }
  async toggleRaw() {
    await this.scope.getByTestId('toggle-raw-result').click();
  }
}
