import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import type { RemotesConfig } from "./federation.js";
import { REMOTE_NAMES } from "./routes.js";

/** A remote's manifest: a path on the site ("/remotes/leads/releases/1.2.0-ab12cd34/mf-manifest.json") or http(s). */
const MANIFEST_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>\\]+\.json$/;

const manifestUrlSchema = z
  .string()
  .check(z.regex(MANIFEST_URL, "must be the URL of a remote's mf-manifest.json: a path on the site or an http(s) URL"));

/** The host's run-time remote configuration: exactly the four remotes, each a manifest URL. */
export const remotesConfigSchema = z.strictObject(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, manifestUrlSchema])) as Record<
    (typeof REMOTE_NAMES)[number],
    typeof manifestUrlSchema
  >,
);

export class RemotesConfigError extends Error {}

/**
 * Reads a remote configuration, or throws a RemotesConfigError that names every bad entry ("leads: must be the URL
 * of a remote's mf-manifest.json …", "search: not a remote of this site"), so whoever edited it sees what to fix.
 */
export function parseRemotesConfig(value: unknown, source = "the remote configuration"): RemotesConfig {
  const parsed = remotesConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") return `${issue.keys.join(", ")}: not a remote of this site`;
    const entry = issue.path.length > 0 ? String(issue.path[0]) : "(the whole file)";
    return issue.code === "invalid_type" && issue.path.length > 0
      ? `${entry}: missing, or not a string`
      : `${entry}: ${issue.message}`;
  });
  throw new RemotesConfigError(`${source} is invalid: ${problems.join("; ")}`);
}
