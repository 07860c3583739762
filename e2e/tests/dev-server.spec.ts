import { createServer as createNetServer } from "node:net";
import { SPLIT_ANSWER_TYPE } from "remote-kit/protocol";
import { SIGNATURE_HEADER, signRequest } from "remote-kit/server";
import { TEST_SITE } from "remote-kit/testing";
import { startRemoteDevServer } from "remote-kit/vite";
import { leadsWithAddedPage } from "../fixtures/releases";
import { API_URL, E2E_RENDER_SECRET } from "../fixtures/site-processes";
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
  test("a page a team adds in its source is declared by its dev server's manifest (all the host goes by) and rendered by the remote's own server from the source", async () => {
    test.setTimeout(120_000);
    const folder = leadsWithAddedPage(".e2e-mfe-leads-dev");
    const port = await freePort();
    let server: Awaited<ReturnType<typeof startRemoteDevServer>> | undefined;
    try {
      server = await startRemoteDevServer({
        root: folder,
        port,
        env: { RENDER_SECRET: E2E_RENDER_SECRET, PEER_ORIGINS: "", API_ORIGIN: API_URL, LOG_LEVEL: "silent" },
      });
      const origin = `http://localhost:${port}`;
      const manifest = (await (await fetch(`${origin}/mf-manifest.json`)).json()) as {
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

      // the same server, checks and signing as in production: the host's signed request renders the new page
      const body = JSON.stringify({ path: "/contact/fleet-day", site: TEST_SITE, remoteBase: `${origin}/`, peers: {} });
      const render = (signature?: string) =>
        fetch(`${origin}/render`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
          body,
        });
      expect((await render()).status).toBe(401);
      const rendered = await render(signRequest(E2E_RENDER_SECRET, "render", body));
      expect(rendered.status).toBe(200);
      expect(rendered.headers.get("content-type")).toContain(SPLIT_ANSWER_TYPE);
      expect(await rendered.text()).toContain("Fleet Day at Summit Heavy Fleet");
      const sitemap = (await (await fetch(`${origin}/sitemap.json`)).json()) as { path: string }[];
      expect(sitemap.map((entry) => entry.path)).toContain("/contact");
      // the remote's stylesheets from its source, named for every module by the dev manifest (the host inlines them)
      const exposes = (
        (await (await fetch(`${origin}/mf-manifest.json`)).json()) as {
          exposes: { name: string; assets: { css: { sync: string[] } } }[];
        }
      ).exposes;
      const sheet = exposes.find((expose) => expose.name === "contact-form")?.assets.css.sync[0];
      expect(sheet).toBeTruthy();
      expect(await (await fetch(`${origin}/${sheet}`)).text()).toContain(".leads-");
      // the modules the browser loads are Vite's, from the source
      expect((await fetch(`${origin}/src/pages/fleet-day-page.tsx`)).status).toBe(200);
    } finally {
      await server?.close();
    }
  });
});
