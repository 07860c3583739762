import { z } from "zod";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4180),
  HOST: z.string().default("127.0.0.1"),
  /** A PostgreSQL connection URL; without it the API keeps its data in an embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  /** Where the embedded database keeps its files between runs. */
  DATA_DIR: z.string().default(new URL("../../.data/pglite", import.meta.url).pathname),
  /** How many vehicles the generator seeds into an empty database. */
  SEED_VEHICLES: z.coerce.number().int().min(0).max(200_000).default(150),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type ApiConfig = z.infer<typeof envSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid API configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
