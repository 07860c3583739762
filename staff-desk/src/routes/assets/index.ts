import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const STYLES = read("../../../src/desk.css");
const PASSKEY_SCRIPT = read("../../../public/passkey.js");
const FAVICON = read("../../../public/favicon.svg");
/** @simplewebauthn/browser's own bundle (a global, SimpleWebAuthnBrowser): the desk has no build step of its own. */
const WEBAUTHN_SCRIPT = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")), "../dist/bundle/index.umd.min.js"),
  "utf8",
);

/** The desk's own files (one style sheet, its one script and the library it uses, its icon) and its health. */
export default async function assets(app: FastifyInstance) {
  const file = (path: string, type: string, body: string) =>
    app.get(path, { config: { signedOut: true } }, async (_request, reply) => reply.type(type).send(body));
  file("/desk.css", "text/css; charset=utf-8", STYLES);
  file("/passkey.js", "text/javascript; charset=utf-8", PASSKEY_SCRIPT);
  file("/vendor/webauthn.js", "text/javascript; charset=utf-8", WEBAUTHN_SCRIPT);
  file("/favicon.svg", "image/svg+xml", FAVICON);
  // browsers ask for this one whatever the page names
  app.get("/favicon.ico", { config: { signedOut: true } }, async (_request, reply) =>
    reply.redirect("/favicon.svg", 301),
  );
  app.get("/healthz", { config: { signedOut: true } }, async () => ({ ok: true }));
}
