import { checkedVariable, parseRenderSecrets } from "remote-kit/server";
import { DEFAULT_REMOTE_PORTS, REMOTE_NAMES, type RemoteName } from "shared-types";
import { z } from "zod";

// The host server's environment, read once and checked, as the API reads its own (api/src/config.ts): a value that
// cannot be right stops the server at start-up with the variable's name, rather than misbehaving later.

const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());
const milliseconds = () => z.coerce.number().int().min(0);
const list = () =>
  z
    .string()
    .default("")
    .transform((value) => value.split(/[\s,]+/).filter(Boolean));
const onOff = () => z.enum(["on", "off"]).default("on");

const remoteOrigin = (name: RemoteName) =>
  optional(z.url()).transform((url) => url ?? `http://127.0.0.1:${DEFAULT_REMOTE_PORTS[name]}`);
const remoteOrigins = Object.fromEntries(
  REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_ORIGIN`, remoteOrigin(name)]),
) as unknown as Record<`REMOTE_${Uppercase<RemoteName>}_ORIGIN`, ReturnType<typeof remoteOrigin>>;

export const hostEnvironmentSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(4173),
  HOST: z.string().min(1).default("localhost"),
  API_ORIGIN: z.url().default("http://127.0.0.1:4180"),
  /** The API's internal listener, where the change stream is followed. */
  API_INTERNAL_ORIGIN: z.url().default("http://127.0.0.1:4181"),
  ...remoteOrigins,
  REMOTES_CONFIG_FILE: optional(z.string()),
  PUBLIC_SITE_URL: optional(z.url()).transform((url) => url?.replace(/\/$/, "")),
  BUSINESS_DETAILS_MAX_AGE_MS: optional(milliseconds()),
  BUSINESS_DETAILS_CACHE_FILE: optional(z.string()),
  RENDER_TIMEOUT_MS: milliseconds().min(1).default(400),
  RENDER_BREAKER_RESET_MS: optional(milliseconds()),
  RENDER_SECRET: checkedVariable(parseRenderSecrets),
  TRUST_PROXY: optional(z.string()),
  CSP_IMAGE_SOURCES: list(),
  PROXY_TIMEOUT_MS: optional(milliseconds()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
  PAGE_CACHE: onOff(),
  FOLLOW_CHANGES: onOff(),
  SHARED_CACHE_PURGE_URLS: list().pipe(z.array(z.url())),
  /** Sent with every PURGE (X-Purge-Secret): the shared cache takes a purge only with it, and from its allowed addresses. */
  SHARED_CACHE_PURGE_SECRET: optional(z.string().min(32)),
});

export type HostEnvironment = z.infer<typeof hostEnvironmentSchema>;

/** The environment, checked; throws naming every variable that is wrong. */
export function readHostEnvironment(env: NodeJS.ProcessEnv = process.env): HostEnvironment {
  const parsed = hostEnvironmentSchema.safeParse(env);
  if (!parsed.success) throw new Error(`host server: the environment is wrong:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
