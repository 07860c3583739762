import { escapeHtml, renderLinks, renderPageHead, type SiteContext, type SiteDocument } from "remote-kit";
import { REMOTE_NAMES, type RemotesConfig } from "shared-types";
import { homeHead } from "../features/home/components/home-page";
import { remoteForPath } from "../features/remotes/remote-for-path";
import { composeDocument, type HostAssets } from "./page-document";
import type { RemoteDirectory, ResolvedRemote } from "./remote-directory";
import { renderApp } from "./render-app";

export type ComposedPage =
  | { kind: "page"; status: number; html: string }
  | { kind: "redirect"; status: number; location: string };

export interface PageComposerOptions {
  assets: HostAssets;
  directory: RemoteDirectory;
  remotesConfig: () => Promise<RemotesConfig>;
  /** The site's address and the dealership's details (from the API), for this request. */
  site: () => Promise<SiteContext>;
  /** Told when a page fell back to the shell, and why. */
  onFallback?: (details: { remote: string; path: string; error: unknown }) => void;
  /** When the host's own pages last changed: the home page's sitemap entry. */
  builtAt: string;
}

/**
 * Composes each page: the host's shell for the path, the owning remote's server HTML in its region (or, when its
 * renderer cannot help in time, the region left to the browser), the page's head, data and code. The production
 * server and the dev server both serve pages through it.
 */
export class PageComposer {
  constructor(private readonly options: PageComposerOptions) {}

  /** `nonce`: this response's CSP nonce, carried by the page's inline styles and boot script. */
  async page(requestUrl: string, nonce?: string): Promise<ComposedPage> {
    const { assets, directory } = this.options;
    const url = new URL(requestUrl, "http://host.invalid");
    const location = `${url.pathname}${url.search}`;
    const site = await this.options.site();
    const siteName = site.business.name;
    const remotes = await this.options.remotesConfig();
    const document = (composed: SiteDocument["composed"]): SiteDocument => ({ ...site, remotes, composed });

    if (url.pathname === "/") {
      return {
        kind: "page",
        status: 200,
        html: composeDocument(assets, {
          nonce,
          head: renderPageHead(homeHead(site), { siteUrl: site.siteUrl, siteName }),
          appHtml: renderApp(location, site, null),
          site: document(null),
        }),
      };
    }

    const remote = remoteForPath(url.pathname);
    // SPEC §2: unknown paths go home, and search engines are told so
    if (!remote) return { kind: "redirect", status: 301, location: "/" };

    try {
      const { remote: resolved, result } = await directory.render(remote, { path: location, site });
      if (result.location) return { kind: "redirect", status: result.status, location: result.location };
      const files = directory.routeAssets(resolved);
      const styles = await directory.routeStyles(resolved);
      return {
        kind: "page",
        status: result.status,
        html: composeDocument(assets, {
          nonce,
          head: renderPageHead(result.head, { siteUrl: site.siteUrl, siteName }) + releaseMeta(resolved),
          appHtml: renderApp(location, site, { kind: "composed", remote }, result.html),
          site: document({ remote, path: location }),
          routeData: { remote, payload: result.data },
          links: renderLinks(result.links ?? []),
          styles: styles ?? [],
          preload: { css: styles ? [] : files.css, js: [...assets.federationChunks, ...files.js] },
        }),
      };
    } catch (error) {
      // the remote's renderer could not help in time: the shell, and the browser renders the region
      this.options.onFallback?.({ remote, path: location, error });
      return {
        kind: "page",
        status: 200,
        html: composeDocument(assets, {
          nonce,
          head: `<title>${escapeHtml(siteName)}</title>`,
          appHtml: renderApp(location, site, { kind: "shell" }),
          site: document(null),
          preload: { css: [], js: assets.federationChunks },
        }),
      };
    }
  }

  /** /sitemap.xml: the home page and every page each remote lists (a remote that cannot answer is left out). */
  async sitemap(onRemoteError?: (remote: string, error: unknown) => void): Promise<string> {
    const { siteUrl } = await this.options.site();
    const lists = await Promise.all(
      REMOTE_NAMES.map((name) =>
        this.options.directory.sitemap(name).catch((error: unknown) => {
          onRemoteError?.(name, error);
          return [];
        }),
      ),
    );
    const seen = new Set<string>();
    const urls = [{ path: "/", lastmod: this.options.builtAt }, ...lists.flat()]
      .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
      .map(
        (entry) =>
          `  <url><loc>${escapeHtml(`${siteUrl}${entry.path}`)}</loc>${
            entry.lastmod ? `<lastmod>${escapeHtml(entry.lastmod)}</lastmod>` : ""
          }</url>`,
      );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  }
}

/**
 * Which release of the remote composed the page (`fleet-release` writes it into the release's manifest): the page
 * says it, for whoever must know what a visitor saw, and the browser loads that same release's files.
 */
function releaseMeta(remote: ResolvedRemote): string {
  const release = remote.manifest.metaData?.release as { id?: unknown } | undefined;
  return typeof release?.id === "string"
    ? `<meta name="fleet-release" content="${escapeHtml(`${remote.name}@${release.id}`)}">`
    : "";
}

/** /robots.txt: everything may be crawled but the API (its drawn media aside); the sitemap is named. */
export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Disallow: /api/", "Allow: /api/media/", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join(
    "\n",
  );
}
