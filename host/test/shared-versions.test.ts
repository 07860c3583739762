// @vitest-environment node
import { readFileSync } from "node:fs";
import { SHARED_DEPENDENCIES } from "remote-kit/protocol";
import semver from "semver";
import { describe, expect, it } from "vitest";

declare const __SHARED_VERSIONS__: Record<"react" | "react-router-dom" | "zustand", string>;

const installed = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8")) as {
      version: string;
    }
  ).version;

describe("what the host shares with the remotes", () => {
  it("is the installed version of each library, and satisfies the range every remote requires", () => {
    for (const name of ["react", "react-router-dom", "zustand"] as const) {
      expect(__SHARED_VERSIONS__[name]).toBe(installed(name));
      const { requiredVersion, strictVersion } = SHARED_DEPENDENCIES[name];
      expect(strictVersion).toBe(true);
      expect(semver.satisfies(__SHARED_VERSIONS__[name], requiredVersion), `${name} ${requiredVersion}`).toBe(true);
    }
    expect(semver.satisfies(installed("react-dom"), SHARED_DEPENDENCIES["react-dom"].requiredVersion)).toBe(true);
  });
});
