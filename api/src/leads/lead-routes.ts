import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type LeadCaptureResponse, leadCaptureRequestSchema } from "shared-types";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { parseOrBadRequest } from "../http-errors.js";

const idempotencyKeySchema = z.string().trim().min(8).max(128).optional();

export function registerLeadRoutes(app: FastifyInstance, db: Database): void {
  /**
   * Stores a lead and answers 201 only once it is committed. A repeated Idempotency-Key (a double click,
   * a retry after a lost answer) returns the lead already stored instead of storing a second one.
   */
  app.post("/leads/capture", async (request, reply) => {
    const lead = parseOrBadRequest(leadCaptureRequestSchema, request.body, "lead");
    const key = parseOrBadRequest(idempotencyKeySchema, request.headers["idempotency-key"], "Idempotency-Key header");
    const { destination, ...fields } = lead;
    const [stored] = await db.query<{ id: string; received_at: string }>(
      `insert into leads (id, destination, fields, idempotency_key) values ($1, $2, $3, $4)
       on conflict (idempotency_key) do update set idempotency_key = excluded.idempotency_key
       returning id, to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received_at`,
      [randomUUID(), destination, JSON.stringify(fields), key ?? null],
    );
    const body: LeadCaptureResponse = { id: stored?.id ?? "", received_at: stored?.received_at ?? "" };
    return reply.code(201).send(body);
  });
}
