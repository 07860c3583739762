import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ApiConfig } from "../config.js";

/** Where the command line's credential is: beside the embedded database's files, unless configured. */
export const cliTokenFile = (config: Pick<ApiConfig, "STAFF_CLI_TOKEN_FILE" | "DATA_DIR">): string =>
  config.STAFF_CLI_TOKEN_FILE ?? join(dirname(config.DATA_DIR), "staff-cli.token");

/**
 * A new credential for `npm run staff:invite` at each start, in a file only the API's owner can read: whoever can
 * read the API's files may add staff (the first admin comes this way), nobody else.
 */
export function writeCliToken(file: string): string {
  const token = randomBytes(32).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

export const readCliToken = (file: string): string => readFileSync(file, "utf8").trim();
