import { STATUS_CODES } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Grant, StaffAccess, StaffMember } from "shared-types";
import type { StaffRoute } from "shared-types/schemas";
import type { z } from "zod";
import type { BusinessDetailsStore } from "../business/business-store.js";
import type { Database } from "../db/database.js";
import type { Channel } from "../delivery/outbox.js";
import type { FeedRun } from "../feeds/feed-runs.js";
import type { PhotoStore } from "../feeds/photos.js";
import { HttpError } from "../http-errors.js";
import type { FailedAuthentication } from "../security/admin-routes.js";
import type { RecipientLimit } from "../security/recipient-limit.js";
import type { ServiceBookingRouteOptions } from "../service-booking/booking-rules.js";
import type { AuditActor } from "./audit.js";
import type { Passkeys } from "./passkeys.js";
import type { SignInMailOutcome } from "./sign-in-mail.js";
import type { StaffStore } from "./staff-store.js";

// What every group of staff routes (routes/) works with: the options, the route maker, the member, refusals.

export interface StaffRouteOptions {
  /** The dealership's details (phones, address, hours, closures): the site's one source. */
  business?: BusinessDetailsStore;
  /** Where staff open the desk: the links in sign-in and invitation emails lead there. */
  deskUrl: string;
  /** Sends one email (its text, and its HTML when it has one) to one member (the API's SMTP path); none: printed. */
  sendMail?: (message: { to: string; subject: string; text: string; html?: string }) => Promise<void>;
  /** Emails to an address nobody confirmed (a sign-in link asked for by anyone): a few an hour, repeats dropped. */
  signInMailLimit?: RecipientLimit;
  /** The command line's credential (staff:invite): whoever can read the API's data directory. */
  cliToken?: string;
  /** Where a released held enquiry is delivered, and who is told a lead is stored (the delivery worker). */
  held?: { channels: readonly Channel[]; onReleased?: () => void };
  /** The feed's photo pipeline: a special's uploaded image is stored through it. */
  photos?: PhotoStore | null;
  /** Starts a pull of the inventory feed from FEED_URL now (the desk's "run now"); none when no address is set. */
  pullFeedNow?: () => Promise<FeedRun>;
  /** The service department's bookings and capacity (service-booking/); none: the desk has no bookings. */
  serviceBooking?: ServiceBookingRouteOptions;
  now?: () => number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call a staff route (its STAFF_API entry's `access`), checked before its handler by staff-routes.ts. */
    access?: StaffAccess;
    /** Also taken with the command line's credential (staff:invite), instead of a member's session. */
    commandLine?: boolean;
  }
  interface FastifyRequest {
    staffMember?: StaffMember;
    /** Who the request acts for in the audit log: its member, or the command line. */
    staffActor?: AuditActor;
  }
}

export const SESSION_PREFIX = "Session ";

/** A staff route's refusal: its status, HTTP's name for it, and the reason the desk shows. */
export const refuse = (status: 400 | 401 | 403 | 404 | 409 | 429, message: string) =>
  new HttpError(status, { error: STATUS_CODES[status] ?? "Bad Request", message });

type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;
type StaffRequest<R extends StaffRoute> = FastifyRequest<{
  Params: Parsed<R["params"]>;
  Querystring: Parsed<R["query"]>;
  Body: R extends { upload: true } ? Buffer | string : Parsed<R["body"]>;
}>;
/** What a handler answers: the route's JSON (before its schema's transforms), or the reply it sent itself. */
type StaffAnswer<R extends StaffRoute> = R["response"] extends z.core.$ZodType ? z.input<R["response"]> : unknown;
export type StaffHandler<R extends StaffRoute> = (
  request: StaffRequest<R>,
  reply: FastifyReply,
) => Promise<StaffAnswer<R> | FastifyReply>;

export interface StaffRouteSettings {
  commandLine?: true;
  bodyLimit?: number;
}

/** What each group of staff routes works with. */
export interface StaffContext {
  db: Database;
  store: StaffStore;
  passkeys: Passkeys;
  failures: FailedAuthentication;
  options: StaffRouteOptions;
  /** Registers one route of shared-types STAFF_API, checked by its schemas, behind the session and its access. */
  route: <R extends StaffRoute>(definition: R, settings: StaffRouteSettings, handler: StaffHandler<R>) => void;
  /** The signed-in member (every route but the sign-in ones and the command line's). */
  member: (request: FastifyRequest) => StaffMember;
  /** Who the request acts for, as the audit log names them. */
  actor: (request: FastifyRequest) => AuditActor;
  /** 403 unless the member's role includes the grant for this department. */
  refuseUnless: (request: FastifyRequest, grant: Grant, department: string, what: string) => void;
  /** A sign-in or invitation link for the desk. */
  link: (token: string) => string;
  /** A member's own sign-in link, emailed to their own address within its limits (sign-in-mail.ts). */
  mailSignInLink: (email: string, why: string) => Promise<SignInMailOutcome>;
}

/** The session token a request carries (sign-out ends it). */
export const sessionToken = (request: FastifyRequest) =>
  (request.headers.authorization ?? "").slice(SESSION_PREFIX.length);
