import { vi } from 'vitest';

/**
 * Catches the files a page saves (a CSV download): each object URL made answers `blobUrl`, and
 * each save is recorded as `<file name> <href>` in `saved` instead of reaching jsdom's navigation.
 * `restore` puts the anchors' click back (the URL stub goes with the test's other globals).
 */
export function catchDownloads(blobUrl: string) {
  const saved: string[] = [];
  const created = vi.fn(() => blobUrl);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(`${this.download} ${this.href}`);
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
  return { saved, created, restore: () => click.mockRestore() };
}
