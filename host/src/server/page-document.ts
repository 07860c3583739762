import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteDocument } from "remote-kit";
import { escapeHtml, jsonForScript, SITE_CONTEXT_ELEMENT_ID } from "remote-kit/protocol";
import type { Manifest } from "vite";
import { BOOT_ELEMENT_ID, BOOT_SCRIPT } from "./boot-script";
import { VITALS_SOURCE } from "./vitals-page";

/** The host's built page template, its entry and the chunks a page with a remote will need from the host. */
export type HostAssets = ReturnType<typeof loadHostAssets>;

/** The host's islands and the source file of each (their chunks are found in Vite's manifest by it). */
const HOST_ISLAND_SOURCES: Record<string, string> = {
  "host/nav": "src/features/shell/components/top-nav.tsx",
  "host/map": "src/features/home/components/map-placeholder.tsx",
};

const MARKERS = ["<!--page-head-->", "<!--app-html-->", "<!--page-data-->"] as const;
const MARKER_PATTERN = new RegExp(MARKERS.join("|"), "g");

/** The template around its markers (MARKERS, each once, in that order). */
export function templatePieces(template: string): string[] {
  if (String(template.match(MARKER_PATTERN)) !== String(MARKERS)) {
    throw new Error(`the page template (index.html) does not hold ${MARKERS.join(", ")} once each, in that order`);
  }
  return template.split(MARKER_PATTERN);
}

/**
 * Reads dist/index.html and its Vite manifest once at start-up (a deploy restarts the server). The host's stylesheet
 * goes inline and Vite's head scripts come out: the page paints from its HTML alone (composeDocument loads code).
 */
export function loadHostAssets(distDir: string, { vitalsSampleRate = 0 } = {}) {
  const templateStyles: string[] = [];
  const template = readFileSync(join(distDir, "index.html"), "utf8")
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_link, file: string) => {
      const css = inlineStyleText(readFileSync(join(distDir, file), "utf8"));
      templateStyles.push(css);
      return `<style>${css}</style>`;
    })
    .replace(/\s*<script type="module"[^>]*src="[^"]+"[^>]*><\/script>/g, "")
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const keyOf = (test: (key: string) => boolean) => Object.keys(manifest).find(test);
  const closure = (key: string | undefined, into = new Set<string>()) => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk || into.has(`/${chunk.file}`)) return into;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  // the page's entry: the Web Vitals script is an entry of its own (it shares nothing with the page's code)
  const entryKey = keyOf((key) => manifest[key]?.isEntry === true && key !== VITALS_SOURCE);
  const entryModules = closure(entryKey);
  const beyondEntry = (key: string | undefined) => [...closure(key)].filter((file) => !entryModules.has(file));
  const entry = `/${manifest[entryKey ?? ""]?.file ?? ""}`;
  const vitalsFile = manifest[VITALS_SOURCE]?.file;
  return {
    /** The template (index.html) around its markers, in order: composeDocument writes the page's parts between them. */
    pieces: templatePieces(template),
    /** The host's entry module and the modules it imports at once. */
    entry,
    entryImports: [...entryModules].filter((file) => file !== entry),
    /** The federation runtime and its imports, not the router it provides on request: no remote's island asks. */
    federationChunks: beyondEntry(keyOf((key) => key.endsWith("features/remotes/api/federation.ts"))),
    /** Each of the host's own islands ("host/nav"): its chunks, fetched at once on a page that has it. */
    islandChunks: Object.fromEntries(
      Object.entries(HOST_ISLAND_SOURCES).map(([id, file]) => [id, beyondEntry(keyOf((key) => key.endsWith(file)))]),
    ),
    /** The template's own inline stylesheets (the host's CSS), as in it: the page's CSP allows them by hash. */
    templateStyles,
    /** Real visitors' Web Vitals (src/vitals): the script, and the share of page views that load it (0 to 1). */
    ...(vitalsFile && vitalsSampleRate > 0 ? { vitals: { src: `/${vitalsFile}`, rate: vitalsSampleRate } } : {}),
  };
}

/** A stylesheet as it goes inside a <style> element: nothing in it can close the element. */
function inlineStyleText(css: string): string {
  return css.replace(/<\/style/gi, "<\\/style");
}

/**
 * The page's own inline code and styles as composeDocument writes them: its CSP allows these by hash (the same
 * bytes for every visitor, so a shared cache can hold it) and nothing else inline, whatever a remote's HTML holds.
 */
export function inlineSources(assets: HostAssets, parts: Pick<PageParts, "styles">) {
  return {
    scripts: assets.entry ? [BOOT_SCRIPT] : [],
    styles: [...assets.templateStyles, ...(parts.styles ?? []).map(inlineStyleText)],
  };
}

/** The page's code: what is needed as it loads, and each island's, fetched when that island is needed. */
export interface PageCode {
  eager: string[];
  /** Each island's modules. */
  islands: Record<string, string[]>;
  /** Each island's stylesheets: its remote's runtime links them, and waits for them, before it runs the module. */
  styles: Record<string, string[]>;
}

export interface PageParts {
  /** The page's <title> and head elements, as HTML. */
  head: string;
  /** The owning remote's stylesheets, inline (remote-directory routeStyles). */
  styles?: string[];
  appHtml: string;
  site: SiteDocument;
  /** Stylesheets to link (when they could not be inlined). */
  css?: string[];
  /** The code the page's parts need (the page's inline script fetches it when they do). */
  code?: PageCode;
  /** Resource hints the remote's render asked for (resource-hints renderLinks). */
  links?: string[];
  /** The pattern of the route that answered, never the address: what Web Vitals are reported under (none: a 503). */
  route?: string;
}

/**
 * A page's HTML as its pieces, in order, written out one by one (documentBytes), never joined: V8 puts a string
 * over 128 KB in its large-object space, and the inventory page (132 KB) cost 0.12-0.14 ms more each time it was one.
 */
export type DocumentText = readonly string[];

/** The document's UTF-8, each piece encoded in place (none is near 128 KB: the largest is a remote's HTML). */
export function documentBytes(pieces: DocumentText): Buffer {
  const bytes = Buffer.allocUnsafe(pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece), 0));
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}

const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;

/** Fills the template: head (page head, styles, hints), the app's HTML, the page's data and its code's boot. */
export function composeDocument(assets: HostAssets, parts: PageParts): DocumentText {
  const head = [
    parts.head,
    ...(parts.styles ?? []).map((css) => `<style>${inlineStyleText(css)}</style>`),
    ...(parts.links ?? []),
    ...(parts.css ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
  ];
  const boot = {
    entry: assets.entry,
    // the host's entry imports (React) come with the first part that needs code
    runtime: assets.entryImports,
    eager: parts.code?.eager ?? [],
    islands: parts.code?.islands ?? {},
    styles: parts.code?.styles ?? {},
    ...(assets.vitals && parts.route ? { vitals: { ...assets.vitals, route: parts.route } } : {}),
  };
  // the dev server's page keeps the scripts Vite wrote: no boot of its own
  const code = assets.entry ? [jsonScript(BOOT_ELEMENT_ID, boot), `<script type="module">${BOOT_SCRIPT}</script>`] : [];
  const data = [jsonScript(SITE_CONTEXT_ELEMENT_ID, parts.site), ...code];
  const [beforeHead = "", beforeApp = "", beforeData = "", end = ""] = assets.pieces;
  return [beforeHead, head.join("\n    "), beforeApp, parts.appHtml, beforeData, data.join("\n    "), end];
}
