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
  private readonly entries = new Map<string, { at: number; manifest: Promise<T>; good?: T; reading?: boolean }>();

  constructor(private readonly ttlMs = MANIFEST_TTL_MS) {}

  get(url: string, read: (url: string) => Promise<T>): Promise<T> {
    const cached = this.entries.get(url);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.manifest;
    if (cached?.good !== undefined) {
      if (!cached.reading) {
        cached.reading = true;
        read(url).then(
          (manifest) => this.entries.set(url, { at: Date.now(), manifest: Promise.resolve(manifest), good: manifest }),
          () => {
            cached.reading = false;
          },
        );
      }
      return Promise.resolve(cached.good);
    }
    const manifest = read(url);
    const entry: { at: number; manifest: Promise<T>; good?: T } = { at: Date.now(), manifest };
    this.entries.set(url, entry);
    manifest.then(
      (good) => {
        entry.good = good;
      },
      () => {
        if (this.entries.get(url) === entry) this.entries.delete(url);
      },
    );
    return manifest;
  }
}
