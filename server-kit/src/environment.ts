import { readFileSync } from "node:fs";
import { z } from "zod";

/** An environment variable read by a parser that throws on a wrong value: its message becomes the variable's issue. */
export const checkedVariable = <T>(read: (value: string) => T) =>
  z
    .string()
    .default("")
    .transform((value, context) => {
      try {
        return read(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    });

/** NODE_ENV for a server that renders React (set before React loads). */
export const reactBuildVariable = () =>
  z
    .enum(["production", "development", "test"])
    .default("production")
    .describe(
      "React's build on the server: production unless set (development checks every element, several times slower).",
    );

/**
 * The environment with each secret given as `<NAME>_FILE` read into `<NAME>` (a secret mounted as a file: Compose's
 * and Kubernetes' secrets, never baked into an image or shown by `docker inspect`). A secret given both ways is
 * refused; a file that cannot be read stops the server, naming it.
 */
export function withSecretFiles(env: NodeJS.ProcessEnv, secrets: readonly string[]): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...env };
  for (const name of secrets) {
    const key = `${name}_FILE`;
    const path = env[key];
    if (!path) continue;
    if (env[name]) throw new Error(`${name} and ${key} are both set: give one`);
    try {
      resolved[name] = readFileSync(path, "utf8").trim();
    } catch (error) {
      throw new Error(`${key}: ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
    }
  }
  return resolved;
}
