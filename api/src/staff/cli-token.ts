import { randomBytes } from "node:crypto";
import { closeSync, constants, fchmodSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
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
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // a mode given at open applies only to a new file (an older version's is 0644): set before the token is in it;
  // and a link put in the file's place must not have the token written wherever it points
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeFileSync(fd, token);
  } finally {
    closeSync(fd);
  }
  return token;
}

export const readCliToken = (file: string): string => readFileSync(file, "utf8").trim();
