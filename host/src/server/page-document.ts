import { readFileSync } from "node:fs";
import { join } from "node:path";
import { escapeHtml, jsonForScript, routeDataElementId, SITE_CONTEXT_ELEMENT_ID, type SiteDocument } from "remote-kit";
import type { RouteDataPayload } from "remote-kit/protocol";

/** The host's built page template and the chunks a page with a remote will need from the host. */
export interface HostAssets {
  template: string;
  /** The federation runtime chunk and its imports: preloaded on pages with a remote region. */
  federationChunks: string[];
}

const MARKERS = ["<!--page-head-->", "<!--app-html-->", "<!--page-data-->"] as const;

interface ViteManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}

/** Reads dist/index.html and dist/.vite/manifest.json once at start-up (a deploy restarts the server). */
export function loadHostAssets(distDir: string): HostAssets {
  const template = readFileSync(join(distDir, "index.html"), "utf8");
  for (const marker of MARKERS) {
    if (!template.includes(marker)) throw new Error(`${distDir}/index.html has no ${marker} marker`);
  }
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ViteManifestChunk
  >;
  const federationKey = Object.keys(manifest).find((key) => key.endsWith("features/remotes/api/federation.ts"));
  const chunks = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (federationKey) visit(federationKey);
  // the entry and its imports are already in the template; preload only what the runtime adds
  const entryFiles = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if ((chunk as { isEntry?: boolean }).isEntry) {
      entryFiles.add(chunk.file);
      for (const imported of chunk.imports ?? []) entryFiles.add(manifest[imported]?.file ?? "");
    }
  }
  return { template, federationChunks: [...chunks].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`) };
}

export interface PageParts {
  /** The page's <title> and head elements, as HTML. */
  head: string;
  appHtml: string;
  site: SiteDocument;
  routeData?: { remote: string; payload: RouteDataPayload };
  preload?: { css: string[]; js: string[] };
  /** Resource hints the remote's render asked for (remote-kit renderLinks). */
  links?: string[];
}

/** Fills the template: head (page head, then stylesheets and preloads), the app's HTML, the page's data blocks. */
export function composeDocument(assets: HostAssets, parts: PageParts): string {
  const links = [
    ...(parts.links ?? []),
    ...(parts.preload?.css ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(parts.preload?.js ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
  ];
  const data = [
    `<script type="application/json" id="${SITE_CONTEXT_ELEMENT_ID}">${jsonForScript(parts.site)}</script>`,
    ...(parts.routeData
      ? [
          `<script type="application/json" id="${routeDataElementId(parts.routeData.remote)}">${jsonForScript(parts.routeData.payload)}</script>`,
        ]
      : []),
  ];
  return assets.template
    .replace("<!--page-head-->", () => [parts.head, ...links].join("\n    "))
    .replace("<!--app-html-->", () => parts.appHtml)
    .replace("<!--page-data-->", () => data.join("\n    "));
}
