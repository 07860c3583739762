import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReactElement } from "react";
import type { DeskApi, Grants, Member } from "./desk-api.js";

/** What a group of the desk's pages works with: the API, rendering, the member signed in, a refusal shown. */
export interface DeskContext {
  api: DeskApi;
  page: (reply: FastifyReply, element: ReactElement, status?: number) => FastifyReply;
  signedIn: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ session: string; member: Member; grants: Grants } | null>;
  refused: (reply: FastifyReply, who: { member: Member; grants: Grants }, error: unknown) => FastifyReply;
}
