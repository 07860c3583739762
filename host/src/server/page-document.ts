import { readFileSync } from "node:fs";
import { join } from "node:path";
import { escapeHtml, jsonForScript, routeDataElementId, SITE_CONTEXT_ELEMENT_ID, type SiteDocument } from "remote-kit";
import type { RouteDataPayload } from "remote-kit/protocol";
import { BOOT_ELEMENT_ID, BOOT_SCRIPT } from "./boot-script";

export { BOOT_ELEMENT_ID, BOOT_SCRIPT };

/** The host's built page template, its entry and the chunks a page with a remote will need from the host. */
export interface HostAssets {
  template: string;
  /** The host's entry module and the modules it imports at once. */
  entry: string;
  entryImports: string[];
  /** The federation runtime chunk and its imports: wanted at once on pages with a remote region. */
  federationChunks: string[];
  /** Each of the host's own islands ("host/nav"): its chunks, fetched at once on a page that has it. */
  islandChunks: Record<string, string[]>;
}

/** The host's islands and the source file of each (their chunks are found in Vite's manifest by it). */
const HOST_ISLAND_SOURCES: Record<string, string> = {
  "host/nav": "src/features/shell/components/top-nav.tsx",
  "host/map": "src/features/home/components/map-placeholder.tsx",
};

const MARKERS = ["<!--page-head-->", "<!--app-html-->", "<!--page-data-->"] as const;
/** Where the template's own inline styles take the response's CSP nonce. */
const NONCE_SLOT = "%CSP_NONCE%";

interface ViteManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Reads dist/index.html and dist/.vite/manifest.json once at start-up (a deploy restarts the server). The host's
 * stylesheet goes inline, and the scripts Vite put in the head come out: the page paints from its HTML alone,
 * then loads its code (see composeDocument).
 */
export function loadHostAssets(distDir: string): HostAssets {
  const raw = readFileSync(join(distDir, "index.html"), "utf8");
  for (const marker of MARKERS) {
    if (!raw.includes(marker)) throw new Error(`${distDir}/index.html has no ${marker} marker`);
  }
  const template = raw
    .replace(
      /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
      (_link, file: string) => `<style${NONCE_SLOT}>${readFileSync(join(distDir, file), "utf8")}</style>`,
    )
    .replace(/\s*<script type="module"[^>]*src="[^"]+"[^>]*><\/script>/g, "")
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");

  const manifest = JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ViteManifestChunk
  >;
  const closure = (key: string | undefined, into = new Set<string>()) => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk || into.has(`/${chunk.file}`)) return into;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entryModules = closure(entryKey);
  const entry = `/${manifest[entryKey ?? ""]?.file ?? ""}`;
  const federationKey = Object.keys(manifest).find((key) => key.endsWith("features/remotes/api/federation.ts"));
  const islandChunks = Object.fromEntries(
    Object.entries(HOST_ISLAND_SOURCES).map(([id, source]) => [
      id,
      [...closure(Object.keys(manifest).find((key) => key.endsWith(source)))].filter((file) => !entryModules.has(file)),
    ]),
  );
  return {
    template,
    entry,
    entryImports: [...entryModules].filter((file) => file !== entry),
    federationChunks: [...closure(federationKey)].filter((file) => !entryModules.has(file)),
    islandChunks,
  };
}

/** The page's code: what is needed as it loads, and each island's, fetched when that island is needed. */
export interface PageCode {
  eager: string[];
  islands: Record<string, string[]>;
}

export interface PageParts {
  /** The page's <title> and head elements, as HTML. */
  head: string;
  /** The owning remote's stylesheets, inline (remote-directory routeStyles). */
  styles?: string[];
  appHtml: string;
  site: SiteDocument;
  routeData?: { remote: string; payload: RouteDataPayload };
  /** Stylesheets to link (when they could not be inlined). */
  css?: string[];
  /** The code the page's parts need (the page's inline script fetches it when they do). */
  code?: PageCode;
  /** Resource hints the remote's render asked for (remote-kit renderLinks). */
  links?: string[];
  /** This response's CSP nonce, for the inline styles and the boot script (none in development). */
  nonce?: string;
}

/** Fills the template: head (page head, styles, hints), the app's HTML, the page's data and its code's boot. */
export function composeDocument(assets: HostAssets, parts: PageParts): string {
  const nonce = parts.nonce ? ` nonce="${escapeHtml(parts.nonce)}"` : "";
  const head = [
    parts.head,
    ...(parts.styles ?? []).map((css) => `<style${nonce}>${css.replace(/<\/style/gi, "<\\/style")}</style>`),
    ...(parts.links ?? []),
    ...(parts.css ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
  ];
  const boot = {
    entry: assets.entry,
    // the host's entry imports (React) come with the first part that needs code
    runtime: assets.entryImports,
    eager: parts.code?.eager ?? [],
    islands: parts.code?.islands ?? {},
  };
  const data = [
    `<script type="application/json" id="${SITE_CONTEXT_ELEMENT_ID}">${jsonForScript(parts.site)}</script>`,
    ...(parts.routeData
      ? [
          `<script type="application/json" id="${routeDataElementId(parts.routeData.remote)}">${jsonForScript(parts.routeData.payload)}</script>`,
        ]
      : []),
    // the dev server's page keeps the scripts Vite wrote: no boot of its own
    ...(assets.entry
      ? [
          `<script type="application/json" id="${BOOT_ELEMENT_ID}">${jsonForScript(boot)}</script>`,
          `<script type="module"${nonce}>${BOOT_SCRIPT}</script>`,
        ]
      : []),
  ];
  return assets.template
    .replaceAll(NONCE_SLOT, nonce)
    .replace("<!--page-head-->", () => head.join("\n    "))
    .replace("<!--app-html-->", () => parts.appHtml)
    .replace("<!--page-data-->", () => data.join("\n    "));
}
