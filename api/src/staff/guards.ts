import type { FastifyReply, FastifyRequest } from "fastify";
import type { StaffMember } from "shared-types";
import type { HttpError } from "../http-errors.js";

/** What a staff route checks with (staff-routes.ts makes them): the session, the member, a refusal with a reason. */
export interface StaffGuards {
  /** Checks the request's session (onRequest): 401 without a live one. */
  signedIn: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The member whose session it is (after signedIn). */
  member: (request: FastifyRequest) => StaffMember;
  refuse: (status: 403 | 404 | 409, message: string) => HttpError;
}
