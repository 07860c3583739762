// @vitest-environment node
import Fastify, { type FastifyInstance } from "fastify";
import { FORM_FIELD, type FormPost } from "remote-kit/protocol";
import { TEST_SITE } from "remote-kit/testing";
import { EMPTY_FLEET_QUOTE, FLEET_QUOTE, FLEET_QUOTE_ADD, LEAD_DESTINATIONS } from "shared-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const changeFleetQuote = vi.fn();
vi.mock("../src/api/fleet-quote", () => ({ changeFleetQuote: (...args: unknown[]) => changeFleetQuote(...args) }));
const { ServerLeadClient } = await import("../src/api/server-capture");
const { submitLeadForm } = await import("../src/server/submit-lead-form");

const TOKEN = "k".repeat(43);
const NEW_TOKEN = "n".repeat(43);
let api: FastifyInstance;
let client: InstanceType<typeof ServerLeadClient>;
const captured: Record<string, unknown>[] = [];

beforeAll(async () => {
  api = Fastify();
  api.get("/api/leads/token", async (_request, reply) => {
    reply.header("set-cookie", ["fleet_csrf_secret=s; Path=/; HttpOnly", "XSRF-TOKEN=t; Path=/"]);
    return { ok: true };
  });
  api.post("/api/leads/capture", async (request, reply) => {
    captured.push(request.body as Record<string, unknown>);
    return reply.code(201).send({ id: "1a2b3c4d-0000-4000-8000-000000000000", received_at: "x" });
  });
  await api.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  client = new ServerLeadClient(() => origin);
});
afterAll(() => api.close());
beforeEach(() => {
  captured.length = 0;
  changeFleetQuote.mockReset();
  changeFleetQuote.mockResolvedValue({ kind: "changed", token: NEW_TOKEN, list: EMPTY_FLEET_QUOTE });
});

const post = (fields: Record<string, string>, cookies: Record<string, string> = {}): FormPost => ({
  fields,
  path: "/fleet-quote",
  pageUrl: "https://summitheavyfleet.ca/fleet-quote",
  clientIp: "203.0.113.7",
  site: TEST_SITE,
  cookies,
});
const ADD = { [FORM_FIELD]: FLEET_QUOTE_ADD.form, kind: "unit", stock_number: "A1234", quantity: "3" };

describe("the fleet quote's forms sent without scripts", () => {
  it("adds a unit to a new list: the list's page, and its cookie set for 30 days", async () => {
    const outcome = await submitLeadForm(post(ADD), client);
    expect(changeFleetQuote).toHaveBeenCalledWith(
      { op: "add", body: { kind: "unit", stock_number: "A1234", model_id: "", make: "", model: "", quantity: "3" } },
      undefined,
    );
    expect(outcome).toEqual({
      kind: "redirect",
      location: "/fleet-quote?added=A1234",
      cookies: [{ name: FLEET_QUOTE.cookie, value: NEW_TOKEN, maxAgeS: 30 * 24 * 60 * 60 }],
    });
  });

  it("refuses a quantity the list cannot take before asking the API, keeping what was typed", async () => {
    const outcome = await submitLeadForm(post({ ...ADD, quantity: "0" }), client);
    expect(changeFleetQuote).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      kind: "page",
      status: 422,
      form: {
        id: FLEET_QUOTE_ADD.form,
        values: { quantity: "0" },
        errors: { quantity: "Quantity must be at least 1" },
      },
    });
  });

  it("refuses a trade-in whose VIN fails its check digit, beside the field, with every field kept", async () => {
    const tradeIn = {
      [FORM_FIELD]: "leads:fleet-quote-trade-in",
      year: "2019",
      make: "GMC",
      model: "Savana",
      vin: "1GTW7AFG1K1234567",
      odometer_km: "281,500",
      notes: "Shelving",
    };
    const outcome = await submitLeadForm(post(tradeIn, { [FLEET_QUOTE.cookie]: TOKEN }), client);
    expect(outcome).toMatchObject({
      kind: "page",
      status: 422,
      form: { values: { model: "Savana", notes: "Shelving" } },
    });
    expect((outcome as { form: { errors: Record<string, string> } }).form.errors.vin).toMatch(/check digit/);
  });

  it("changes the visitor's own list (the key from their cookie), and shows the API's reasons when it refuses", async () => {
    const line = { [FORM_FIELD]: "leads:fleet-quote-line:3f1a", quantity: "2", notes: "", action: "remove" };
    await submitLeadForm(post(line, { [FLEET_QUOTE.cookie]: TOKEN }), client);
    expect(changeFleetQuote).toHaveBeenCalledWith({ op: "remove-line", line: "3f1a" }, TOKEN);

    changeFleetQuote.mockResolvedValue({
      kind: "refused",
      fields: {},
      message: "Unit A1234 is no longer in our inventory",
    });
    const gone = await submitLeadForm(post(ADD, { [FLEET_QUOTE.cookie]: TOKEN }), client);
    expect(gone).toMatchObject({
      kind: "page",
      status: 400,
      form: { message: "Unit A1234 is no longer in our inventory" },
    });
  });

  it("sends the request with the visitor's list (their cookie's key) and lands on the thank-you page with its reference", async () => {
    const send = {
      [FORM_FIELD]: "leads:fleet-quote",
      company: "Bow River Couriers",
      first_name: "Fran",
      last_name: "Lee",
      email: "fran@bowriver.example",
      day_phone: "403-555-0142",
      gm_fan: "A1B2C3",
      delivery_province: "AB",
      payment_method: "Cash",
      // a list key typed into the page is not what is sent: the cookie's is
      fleet_list: "x".repeat(43),
    };
    const outcome = await submitLeadForm(post(send, { [FLEET_QUOTE.cookie]: TOKEN }), client);
    expect(captured[0]).toMatchObject({
      form: "fleet-quote",
      destination: LEAD_DESTINATIONS.fleetQuoteRequest,
      fleet_list: TOKEN,
      gm_fan: "A1B2C3",
    });
    expect(outcome).toEqual({
      kind: "redirect",
      location: "/contact/thank-you?form=fleet-quote&from=%2Ffleet-quote&ref=FQ-1A2B3C4D",
    });
  });

  it("refuses a GM FAN of the wrong shape, and a request without the company's phone, before anything is sent", async () => {
    const outcome = await submitLeadForm(
      post({
        [FORM_FIELD]: "leads:fleet-quote",
        company: "X",
        first_name: "F",
        last_name: "L",
        email: "f@x.ca",
        gm_fan: "12-3",
      }),
      client,
    );
    expect(captured).toEqual([]);
    expect(outcome).toMatchObject({
      kind: "page",
      status: 422,
      form: {
        errors: {
          gm_fan: "A GM Fleet Account Number is 6 letters and digits (e.g. A1B2C3)",
          day_phone: "Phone Number is required",
        },
      },
    });
  });
});

describe("a saved search sent without scripts", () => {
  it("is refused without the box ticked, before the API hears of it, with the address kept", async () => {
    const outcome = await submitLeadForm(
      post({ [FORM_FIELD]: "leads:saved-search", email: "fran@bowriver.example", search: "NPR", filters: "" }),
      client,
    );
    expect(outcome).toMatchObject({
      kind: "page",
      status: 422,
      form: {
        id: "leads:saved-search",
        values: { email: "fran@bowriver.example", search: "NPR" },
        errors: { consent: "Tick the box to agree to these emails: we send nothing without it" },
      },
    });
  });

  it("refuses a link's button with an action no link has", async () => {
    const outcome = await submitLeadForm(
      post({ [FORM_FIELD]: "leads:saved-search-action", id: "x", token: "y", do: "delete-everything" }),
      client,
    );
    expect(outcome).toMatchObject({ kind: "page", status: 400, form: { message: expect.stringMatching(/not valid/) } });
  });
});
