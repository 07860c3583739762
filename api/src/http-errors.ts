import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiErrorBody } from "shared-types";
import { stockNumberSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Queryable } from "./db/database.js";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

/** The answer to a request that needs the database while it cannot be reached (503, with Retry-After). */
export const DATABASE_AWAY: ApiErrorBody = {
  error: "Service Unavailable",
  message: "The database cannot be reached just now; nothing was changed. Please try again in a few seconds.",
};

/** Whether the database answers a trivial query within `withinMs` (the health check: never hangs on a lost server). */
export async function databaseAnswers(db: Queryable, withinMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  try {
    return await Promise.race([db.query("select 1").then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function notFound(message: string): HttpError {
  return new HttpError(404, { error: "Not Found", message });
}

/** Each field a request's reasons name (the first part of its path), with the reasons. */
function fieldReasons(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "(root)";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/**
 * Parses a value a handler puts together itself (the unsubscribe link, read from its query or its form) with a
 * shared-types schema; a mismatch is a 400 naming each field. A route's own parts are declared in its schema.
 */
export function parseOrBadRequest<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw new HttpError(400, {
    error: "Bad Request",
    message: `Invalid ${what}`,
    fields: fieldReasons(result.error.issues),
  });
}

const PART_WORDS: Record<string, string> = {
  body: "request body",
  querystring: "query",
  params: "path",
  headers: "request headers",
};

/** The 400 for a request part that fails its route's schema: which part, and a reason per field. */
export function validationErrorBody(error: {
  validation: readonly { instancePath: string; message?: string }[];
  validationContext?: string;
}): ApiErrorBody {
  const issues = error.validation.map((issue) => ({
    path: issue.instancePath.split("/").filter(Boolean),
    message: issue.message ?? "is not valid",
  }));
  const part = PART_WORDS[error.validationContext ?? ""] ?? "request";
  const fields = fieldReasons(issues);
  return { error: "Bad Request", message: `Invalid ${part}: ${Object.keys(fields).join(", ")}`, fields };
}

/**
 * A route scope whose request parts are declared as zod schemas (`schema: { params, querystring, body, headers }`):
 * Fastify checks each before the handler runs (a mismatch is validationErrorBody's 400) and types the request by them.
 */
export const withSchemas = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type SchemaRoutes = ReturnType<typeof withSchemas>;

export const stockNumberParamSchema = z.object({ id: stockNumberSchema });
