import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { everyPageKind } from "../fixtures/route-kinds";
import { SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

const run = promisify(execFile);
const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

/**
 * What the checker gets wrong, not the pages: its CSS module predates CSS Scroll-driven Animations (a W3C Working
 * Draft that Chromium ships), so the service hero's parallax, inside `@supports (animation-timeline: view())`, reads
 * as unknown properties. Nothing else is set aside.
 */
const CHECKER_GAPS = ".*Property “(animation-timeline|view-timeline|animation-range)” doesn't exist.*";

interface NuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("every kind of page is valid HTML: the W3C Nu checker finds no error", async () => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), "fleet-html-"));
  const pages = await everyPageKind();
  const files = await Promise.all(
    pages.map(async (path, i) => {
      const file = join(folder, `page-${i}.html`);
      writeFileSync(file, await (await fetch(`${SITE_URL}${path}`)).text());
      return file;
    }),
  );
  const { stdout } = await run(
    "java",
    [
      "-jar",
      VNU_JAR,
      "--errors-only",
      "--format",
      "json",
      "--stdout",
      "--exit-zero-always",
      "--filterpattern",
      CHECKER_GAPS,
      ...files,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const { messages } = JSON.parse(stdout) as { messages: NuMessage[] };
  const errors = messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => `${pages[files.indexOf(m.url.replace(/^file:/, ""))] ?? m.url}:${m.lastLine ?? "?"} ${m.message}`);
  expect(errors).toEqual([]);
});
