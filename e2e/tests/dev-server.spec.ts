import { createServer as createNetServer } from "node:net";
import { createServer, type ViteDevServer } from "vite";
import { leadsWithAddedPage } from "../fixtures/releases";
import { expect, test } from "../fixtures/test";

/** A port no one listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

test.describe("npm run dev", () => {
  test("a page a team adds in its source is declared by its dev server's manifest, which is all the host goes by (no table of its own)", async () => {
    test.setTimeout(120_000);
    const folder = leadsWithAddedPage(".e2e-mfe-leads-dev");
    const port = await freePort();
    let server: ViteDevServer | undefined;
    try {
      server = await createServer({
        root: folder,
        configFile: `${folder}/vite.config.ts`,
        logLevel: "warn",
        server: { port, strictPort: true },
      });
      await server.listen();
      const manifestUrl = `http://localhost:${port}/mf-manifest.json`;
      const manifest = (await (await fetch(manifestUrl)).json()) as {
        metaData: { server: { routes: string[]; pages: { path: string; query?: string[]; private?: boolean }[] } };
      };
      expect(manifest.metaData.server.routes).toContain("/contact/fleet-day");
      expect(manifest.metaData.server.routes).toContain("/contact");
      // what the host caches by: the parameters each page reads, and which pages are private
      expect(manifest.metaData.server.pages).toContainEqual({
        path: "/unsubscribe",
        query: ["email", "token"],
        private: true,
      });
    } finally {
      await server?.close();
    }
  });
});
