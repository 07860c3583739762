/**
 * How long a remote's manifest is used before it is read again: it names the current build's files, so a redeploy
 * at the same address is seen within this (the host and every renderer read manifests through ManifestCache).
 */
export const MANIFEST_TTL_MS = 2000;

/**
 * Manifests by address, each read at most once per MANIFEST_TTL_MS. An older one is still answered while it is read
 * again (no page waits for a manifest it has already seen); a failed read is forgotten, and the last good one kept.
 */
export class ManifestCache<T> {
  private readonly entries = new Map<string, { at: number; manifest: Promise<T>; good: boolean; reading?: boolean }>();

  get(url: string, read: (url: string) => Promise<T>): Promise<T> {
    const cached = this.entries.get(url);
    if (cached && (cached.reading || Date.now() - cached.at < MANIFEST_TTL_MS)) return cached.manifest;
    const reading = read(url);
    if (cached?.good) {
      cached.reading = true;
      reading.then(
        (manifest) => this.entries.set(url, { at: Date.now(), manifest: Promise.resolve(manifest), good: true }),
        () => {
          cached.reading = false;
        },
      );
      return cached.manifest;
    }
    const entry = { at: Date.now(), manifest: reading, good: false };
    this.entries.set(url, entry);
    reading.then(
      () => {
        entry.good = true;
      },
      () => this.entries.get(url) === entry && this.entries.delete(url),
    );
    return reading;
  }
}
