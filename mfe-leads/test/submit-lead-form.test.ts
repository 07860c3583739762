// @vitest-environment node
import Fastify, { type FastifyInstance } from "fastify";
import { FORM_FIELD, type FormPost } from "remote-kit/protocol";
import { TEST_SITE } from "remote-kit/testing";
import { LEAD_DESTINATIONS } from "shared-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ServerLeadClient } from "../src/api/server-capture";
import { submitLeadForm } from "../src/server/submit-lead-form";

/** Stands in for the API: its anti-forgery pair, and a capture that answers as a test says. */
let api: FastifyInstance;
let answer: { status: number; body: unknown } = { status: 201, body: { id: "lead-1", received_at: "x" } };
const captured: { body: Record<string, unknown>; headers: Record<string, unknown> }[] = [];
let tokensIssued = 0;
let client: ServerLeadClient;

beforeAll(async () => {
  api = Fastify();
  api.get("/api/leads/token", async (_request, reply) => {
    tokensIssued += 1;
    reply.header("set-cookie", [
      "fleet_csrf_secret=secret1; Path=/; HttpOnly",
      `XSRF-TOKEN=token%3D${tokensIssued}; Path=/`,
    ]);
    return { ok: true };
  });
  api.post("/api/leads/capture", async (request, reply) => {
    captured.push({ body: request.body as Record<string, unknown>, headers: request.headers });
    return reply.code(answer.status).send(answer.body);
  });
  await api.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  client = new ServerLeadClient(() => origin);
});
afterAll(() => api.close());
beforeEach(() => {
  captured.length = 0;
  answer = { status: 201, body: { id: "lead-1", received_at: "x" } };
});

const post = (fields: Record<string, string>, path = "/inventory/vehicle/A1"): FormPost => ({
  fields,
  path,
  pageUrl: `https://summitheavyfleet.ca${path}`,
  clientIp: "203.0.113.7",
  site: TEST_SITE,
});
const VEHICLE_FORM = {
  [FORM_FIELD]: "leads:vehicle-contact:A1",
  form_started: `1763800000000.${"s".repeat(43)}`,
  stock_number: "A1",
  vin: "1GB3KZCY5NF123456",
  make: "Chevrolet",
  model: "Silverado 3500HD",
  first_name: "Dana",
  last_name: "",
  company: "Prairie Haulage",
  email: "dana@example.ca",
  day_phone: "",
  message: "Is it still here?",
  website: "",
};

describe("a lead form sent without scripts, on team leads' server", () => {
  it("stores the lead as the form would have sent it, and goes to the form's thank-you page", async () => {
    const outcome = await submitLeadForm(post({ ...VEHICLE_FORM, marketing_opt_in: "on" }), client);
    expect(outcome).toEqual({
      kind: "redirect",
      location: "/contact/thank-you?form=vehicle-contact&from=%2Finventory%2Fvehicle%2FA1",
    });
    const [{ body, headers }] = captured as [(typeof captured)[number]];
    expect(body).toMatchObject({
      form: "vehicle-contact",
      destination: LEAD_DESTINATIONS.vdpContactForm,
      first_name: "Dana",
      company: "Prairie Haulage",
      email: "dana@example.ca",
      message: "Is it still here?",
      stock_number: "A1",
      vin: "1GB3KZCY5NF123456",
      marketing_opt_in: true,
      "-url": "https://summitheavyfleet.ca/inventory/vehicle/A1",
      form_started: VEHICLE_FORM.form_started,
      website: "",
      FirstName: "Dana",
    });
    expect(body).not.toHaveProperty(FORM_FIELD);
    // as the browser would: the anti-forgery pair, and who the visitor is for the API's limit per visitor
    expect(headers["x-xsrf-token"]).toBe("token=1");
    expect(String(headers.cookie)).toContain("fleet_csrf_secret=secret1");
    expect(headers["x-forwarded-for"]).toBe("203.0.113.7");
  });

  it("sends the same post twice with the same idempotency key, so the API stores it once", async () => {
    await submitLeadForm(post(VEHICLE_FORM), client);
    await submitLeadForm(post(VEHICLE_FORM), client);
    await submitLeadForm(post({ ...VEHICLE_FORM, message: "Another question" }), client);
    const keys = captured.map((c) => c.headers["idempotency-key"]);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows the page again with what was typed and the form's own reasons, sending nothing", async () => {
    const outcome = await submitLeadForm(post({ ...VEHICLE_FORM, first_name: "", email: "dana@" }), client);
    expect(outcome).toEqual({
      kind: "page",
      status: 422,
      form: {
        id: "leads:vehicle-contact:A1",
        values: expect.objectContaining({ first_name: "", email: "dana@", message: "Is it still here?" }),
        errors: { first_name: "First Name is required", email: "Enter a valid email address" },
      },
    });
    expect(captured).toHaveLength(0);
  });

  it("names a field by the label its form shows", async () => {
    const outcome = await submitLeadForm(
      post({
        [FORM_FIELD]: "leads:parts-request:any",
        first_name: "Dana",
        email: "d@x.ca",
        parts_required: "a\u0007b",
      }),
      client,
    );
    expect(outcome).toMatchObject({
      status: 422,
      form: {
        errors: { parts_required: "Parts Required contains invisible characters we can't accept: please retype it" },
      },
    });
  });

  it("puts the API's reasons beside their fields, its limit's words on the form, and keeps everything typed", async () => {
    answer = { status: 400, body: { error: "Bad Request", message: "Invalid lead", fields: { email: ["too long"] } } };
    expect(await submitLeadForm(post(VEHICLE_FORM), client)).toMatchObject({
      status: 400,
      form: { errors: { email: "Email: too long" }, values: { first_name: "Dana" } },
    });
    answer = { status: 429, body: { error: "Too Many Requests", message: "Too many enquiries. Call 403-555-0140." } };
    expect(await submitLeadForm(post(VEHICLE_FORM), client)).toMatchObject({
      status: 429,
      form: { message: "Too many enquiries. Call 403-555-0140.", values: { email: "dana@example.ca" } },
    });
    answer = { status: 503, body: {} };
    expect(await submitLeadForm(post(VEHICLE_FORM), client)).toMatchObject({
      status: 503,
      form: { message: "Oh no. Looks like something went wrong when sending your message. Please try again." },
    });
  });

  it("renews the API's anti-forgery pair once when it is refused", async () => {
    const before = tokensIssued;
    answer = { status: 403, body: {} };
    await submitLeadForm(post(VEHICLE_FORM), client);
    expect(tokensIssued).toBe(before + 1);
    expect(captured).toHaveLength(2);
  });

  it("is not another team's form, nor a form leads does not have", async () => {
    await expect(submitLeadForm(post({ [FORM_FIELD]: "inventory:contact" }), client)).rejects.toThrow(
      "leads has no form",
    );
    await expect(submitLeadForm(post({ [FORM_FIELD]: "leads:newsletter" }), client)).rejects.toThrow(
      "leads has no form",
    );
  });
});
