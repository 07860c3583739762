import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withSecretFiles } from "../src/environment.js";

const secretFile = (content: string) => {
  const file = join(mkdtempSync(join(tmpdir(), "secret-")), "secret");
  writeFileSync(file, content);
  return file;
};

describe("withSecretFiles", () => {
  it("reads a named secret from its _FILE, without the file's last newline", () => {
    const env = withSecretFiles({ RENDER_SECRET_FILE: secretFile("s3cret\n") }, ["RENDER_SECRET"]);
    expect(env.RENDER_SECRET).toBe("s3cret");
  });

  it("leaves a variable that is not a secret alone, even when its name ends in _FILE", () => {
    const env = withSecretFiles({ REMOTES_CONFIG_FILE: "/etc/remotes.json" }, ["RENDER_SECRET"]);
    expect(env).toEqual({ REMOTES_CONFIG_FILE: "/etc/remotes.json" });
  });

  it("refuses a secret given both ways, and names a file it cannot read", () => {
    expect(() => withSecretFiles({ A: "x", A_FILE: secretFile("y") }, ["A"])).toThrow("A and A_FILE are both set");
    expect(() => withSecretFiles({ A_FILE: "/nowhere/at/all" }, ["A"])).toThrow(
      "A_FILE: /nowhere/at/all cannot be read",
    );
  });
});
