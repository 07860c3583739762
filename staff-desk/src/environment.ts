import { reactBuildVariable, withSecretFiles } from "server-kit";
import { z } from "zod";

/** What the desk's server reads from its environment, checked at start-up (a wrong value stops it, naming it). */
export const deskEnvironmentSchema = z.object({
  STAFF_PORT: z.coerce.number().int().min(0).max(65535).default(4190).describe("The staff desk's port."),
  STAFF_HOST: z
    .string()
    .default("127.0.0.1")
    .describe("The staff desk's address: this machine only unless staff reach it through a proxy of the staff edge."),
  API_STAFF_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .default("http://127.0.0.1:4182")
    .describe("The API's staff listener, which the desk asks for everything it shows and does."),
  STAFF_DESK_KEY: z
    .preprocess((v) => (v === "" ? undefined : v), z.string().min(43).optional())
    .describe(
      "The key the API's staff listener knows the desk by (the API's STAFF_DESK_KEY, the same): with it, failed sign-ins count against each visitor, not the desk. `npm start` makes one per run.",
    ),
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .describe("Which proxies' X-Forwarded-For and -Proto the desk believes (a session cookie is Secure over https)."),
  LOG_LEVEL: z.string().default("warn").describe("The desk's log level (pino): what it logs besides failures."),
  NODE_ENV: reactBuildVariable(),
});

export type DeskEnvironment = z.infer<typeof deskEnvironmentSchema>;

/** The variables that may be given as a file instead (`<NAME>_FILE`: a mounted secret). */
export const DESK_SECRETS = ["STAFF_DESK_KEY"] as const;

export function readDeskEnvironment(env: NodeJS.ProcessEnv = process.env): DeskEnvironment {
  const parsed = deskEnvironmentSchema.safeParse(withSecretFiles(env, DESK_SECRETS));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
  throw new Error(`The staff desk's environment is not valid: ${problems}`);
}
