import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";

/** A host build as `vite build` leaves it: the template with its markers, one script, one stylesheet. */
export function fakeHostBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), "host-dist-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, ".vite"));
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html><head><link rel="stylesheet" href="/assets/index-1.css"><script type="module" src="/assets/index-1.js"></script><!--page-head--></head><body><div id="root"><!--app-html--></div><!--page-data--></body></html>',
  );
  writeFileSync(join(dist, "assets/index-1.css"), "body{margin:0}");
  writeFileSync(join(dist, "assets/index-1.js"), "export {};");
  writeFileSync(
    join(dist, ".vite/manifest.json"),
    JSON.stringify({ "index.html": { file: "assets/index-1.js", isEntry: true } }),
  );
  return dist;
}

/** Where a test's stand-in server listens. */
export const originOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
