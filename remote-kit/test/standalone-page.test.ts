// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteDeclaration } from "../src/declaration.js";
import { STANDALONE_ENTRY, standalonePagePlugin } from "../src/vite/standalone-page.js";

const declaration: RemoteDeclaration = { name: "service", devPort: 0, routes: "./src/routes.tsx" };

describe("the standalone page of `npm run dev`", () => {
  const root = mkdtempSync(join(tmpdir(), "standalone-page-"));
  let server: ViteDevServer;
  let origin = "";
  beforeAll(async () => {
    // a remote's folder with no index.html of its own
    server = await createServer({
      root,
      configFile: false,
      logLevel: "silent",
      appType: "spa",
      plugins: [standalonePagePlugin(declaration)],
      server: { port: 0, host: "127.0.0.1", ws: false },
    });
    await server.listen();
    const address = server.httpServer?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error("the dev server is not listening");
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("is written from the declaration at / and at any page address, with Vite's client", async () => {
    for (const path of ["/", "/service/brakes"]) {
      const response = await fetch(`${origin}${path}`, { headers: { accept: "text/html" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain("<title>mfe-service (standalone)</title>");
      expect(html).toContain(`<script type="module" src="${STANDALONE_ENTRY}"></script>`);
      expect(html).toContain("/@vite/client");
    }
  });

  it("leaves requests that are not for a page to Vite", async () => {
    const response = await fetch(`${origin}/no-such-module.js`, { headers: { accept: "*/*" } });
    expect(response.status).toBe(404);
  });
});
