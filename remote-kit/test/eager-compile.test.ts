// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { EAGER_COMPILE_HINT, EAGER_COMPILE_MIN_BYTES, eagerCompilePlugin } from "../src/vite";

type Hook = (...args: unknown[]) => unknown;
const writeBundle = (plugin: Plugin, ...args: unknown[]) => (plugin.writeBundle as unknown as Hook).call({}, ...args);

describe("the eager compile hint", () => {
  it("starts every browser chunk of some size, its compressed copy too, and leaves the tiny ones as they are", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eager-compile-"));
    const large = `export function f(){return ${JSON.stringify("x".repeat(EAGER_COMPILE_MIN_BYTES))}}`;
    const tiny = "export const t=1;";
    writeFileSync(join(dir, "large.js"), large);
    writeFileSync(join(dir, "large.js.br"), "stale");
    writeFileSync(join(dir, "tiny.js"), tiny);
    await writeBundle(
      eagerCompilePlugin(),
      { dir },
      {
        "large.js": { type: "chunk", fileName: "large.js" },
        "tiny.js": { type: "chunk", fileName: "tiny.js" },
        "style.css": { type: "asset", fileName: "style.css" },
      },
    );
    expect(readFileSync(join(dir, "large.js"), "utf8")).toBe(`${EAGER_COMPILE_HINT}\n${large}`);
    expect(brotliDecompressSync(readFileSync(join(dir, "large.js.br"))).toString()).toBe(
      `${EAGER_COMPILE_HINT}\n${large}`,
    );
    expect(readFileSync(join(dir, "tiny.js"), "utf8")).toBe(tiny);
    expect(existsSync(join(dir, "tiny.js.br"))).toBe(false);
  });
});
