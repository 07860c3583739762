/**
 * How long a remote's manifest is used before it is read again: it names the current build's files, so a redeploy
 * at the same address is seen within this (the host and every renderer read manifests through ManifestCache).
 */
export const MANIFEST_TTL_MS = 2000;

/** Manifests by address, each read at most once per MANIFEST_TTL_MS; a failed read is forgotten at once. */
export class ManifestCache<T> {
  private readonly entries = new Map<string, { at: number; manifest: Promise<T> }>();

  constructor(private readonly ttlMs = MANIFEST_TTL_MS) {}

  get(url: string, read: (url: string) => Promise<T>): Promise<T> {
    const cached = this.entries.get(url);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.manifest;
    const manifest = read(url);
    this.entries.set(url, { at: Date.now(), manifest });
    manifest.catch(() => {
      if (this.entries.get(url)?.manifest === manifest) this.entries.delete(url);
    });
    return manifest;
  }
}
