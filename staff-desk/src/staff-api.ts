import { STAFF_API, STAFF_DESK_HEADERS, type StaffApi, type StaffRoute } from "shared-types/schemas";
import type { z } from "zod";

/** What the API refused, with its status and reason (and each field's, for a form to show beside it). */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** The API answered something its own contract does not allow: the desk shows nothing it cannot trust. */
export class ApiContractBroken extends Error {}

type Shape = z.core.$ZodType;
type InputPart<K extends string, S> = S extends Shape ? { [P in K]: z.input<S> } : unknown;
/** What a call of a route takes: its path's parameters, its query, its body, or a file's bytes. */
export type CallInput<R extends StaffRoute> = InputPart<"params", R["params"]> &
  InputPart<"query", R["query"]> &
  (R extends { upload: true } ? { bytes: Buffer; type: string } : InputPart<"body", R["body"]>);
/** What a call answers: the route's JSON as its schema reads it, a CSV to pass on, a file's bytes, or nothing. */
export type CallAnswer<R extends StaffRoute> = R["response"] extends Shape
  ? z.output<R["response"]>
  : R["response"] extends "csv"
    ? { body: string; disposition: string }
    : R["response"] extends "bytes"
      ? { type: string; bytes: Buffer }
      : undefined;

type Call<R extends StaffRoute> = keyof CallInput<R> extends never
  ? (input?: CallInput<R>) => Promise<CallAnswer<R>>
  : (input: CallInput<R>) => Promise<CallAnswer<R>>;

/** Every staff route as a method, typed and checked by shared-types STAFF_API: `api.leads({ query })`. */
export type StaffApiClient = { [K in keyof StaffApi]: Call<StaffApi[K]> };

/** On whose behalf the desk calls: the member's session (none before signing in) and the visitor's address. */
export interface Caller {
  session?: string;
  address?: string;
}

const toPath = (path: string, params: Record<string, unknown> = {}) =>
  path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? "")));

const toQuery = (query: Record<string, unknown> = {}) => {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== "");
  return entries.length > 0 ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : "";
};

/** The API's refusal, from its JSON ({ message, fields }) when it gave one. */
async function refusalOf(response: Response): Promise<ApiRefusal> {
  const answer = (await response.json().catch(() => ({}))) as { message?: unknown; fields?: unknown };
  const message = typeof answer.message === "string" ? answer.message : `The API answered ${response.status}`;
  const fields =
    answer.fields && typeof answer.fields === "object" ? (answer.fields as Record<string, string[]>) : undefined;
  return new ApiRefusal(response.status, message, fields);
}

async function answerOf(route: StaffRoute, response: Response): Promise<unknown> {
  if (!response.ok) throw await refusalOf(response);
  if (route.response === "none") return undefined;
  if (route.response === "csv") {
    return { body: await response.text(), disposition: response.headers.get("content-disposition") ?? "attachment" };
  }
  if (route.response === "bytes") {
    return {
      type: response.headers.get("content-type") ?? "application/octet-stream",
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }
  const parsed = route.response.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiContractBroken(`${route.method} ${route.path} answered outside its contract: ${parsed.error.message}`);
  }
  return parsed.data;
}

/**
 * The desk's client of the API's staff routes, derived from shared-types STAFF_API: one method per route, its
 * input and answer typed by the route's schemas and every answer checked against them. Each call carries the
 * member's session and, with the desk's key, the visitor it is for (their failed sign-ins are theirs alone).
 */
export function staffApiClient(apiOrigin: string, deskKey: string | undefined) {
  const call = async (route: StaffRoute, input: Record<string, unknown>, caller: Caller) => {
    const upload = route.upload ? (input as { bytes: Buffer; type: string }) : undefined;
    const body = upload
      ? new Uint8Array(upload.bytes)
      : input.body === undefined
        ? undefined
        : JSON.stringify(input.body);
    const response = await fetch(
      `${apiOrigin}/api${toPath(route.path, input.params as Record<string, unknown>)}${toQuery(input.query as Record<string, unknown>)}`,
      {
        method: route.method,
        headers: {
          accept: "application/json",
          ...(caller.session ? { authorization: `Session ${caller.session}` } : {}),
          ...(deskKey && caller.address
            ? { [STAFF_DESK_HEADERS.key]: deskKey, [STAFF_DESK_HEADERS.client]: caller.address }
            : {}),
          ...(upload
            ? { "content-type": upload.type }
            : body === undefined
              ? {}
              : { "content-type": "application/json" }),
        },
        body,
        // a feed of the whole stock takes a while to send; everything else answers in well under a second
        signal: AbortSignal.timeout(route.upload ? 120_000 : 15_000),
      },
    );
    return answerOf(route, response);
  };
  /** The client for one caller: every route's method, bound to their session and address. */
  return (caller: Caller): StaffApiClient =>
    Object.fromEntries(
      Object.entries(STAFF_API).map(([name, route]) => [
        name,
        (input: Record<string, unknown> = {}) => call(route, input, caller),
      ]),
    ) as unknown as StaffApiClient;
}
