import type { ApiErrorBody } from "shared-types";
import { stockNumberSchema } from "shared-types/schemas";
import { z } from "zod";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

export function notFound(message: string): HttpError {
  return new HttpError(404, { error: "Not Found", message });
}

/** Parses a request part with a shared-types schema; a mismatch is a 400 naming each field. */
export function parseOrBadRequest<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "(root)";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new HttpError(400, { error: "Bad Request", message: `Invalid ${what}`, fields });
}

export const stockNumberParamSchema = z.object({ id: stockNumberSchema });
