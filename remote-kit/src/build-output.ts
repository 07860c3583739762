import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { brotliCompressSync, gzipSync } from "node:zlib";

/** What a build leaves that is not part of the deployed remote: neither served nor released. */
export const BUILD_BY_PRODUCTS = [/^\/\.vite(\/|$)/, /^\/index\.html(\.br|\.gz)?$/, /^\/mf-stats\.json(\.br|\.gz)?$/];

/**
 * A built file changed after the build: written again with the compressed copies the build made of it (a file below
 * the compression threshold has none), so the server never sends a stale copy.
 */
export async function rewriteBuilt(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  if (existsSync(`${file}.br`)) await writeFile(`${file}.br`, brotliCompressSync(text));
  if (existsSync(`${file}.gz`)) await writeFile(`${file}.gz`, gzipSync(text, { level: 9 }));
}
