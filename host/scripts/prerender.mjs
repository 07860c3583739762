// Writes the home page and the bare shell into the built HTML, so both paint before any script runs.
import { readFile, writeFile } from "node:fs/promises";

const dist = new URL("../dist/", import.meta.url);
const { renderHome, renderShell } = await import(new URL("../dist-ssr/entry-server.js", import.meta.url).href);
const template = await readFile(new URL("index.html", dist), "utf8");
if (!template.includes("<!--app-html-->")) throw new Error("dist/index.html has no <!--app-html--> marker");

const fill = (html, path) => template.replace("<!--app-html-->", html).replace("<!--prerendered-path-->", path);
await writeFile(new URL("index.html", dist), fill(renderHome(), "/"));
await writeFile(new URL("shell.html", dist), fill(renderShell(), ""));
console.log("prerendered dist/index.html (home) and dist/shell.html (shell)");
