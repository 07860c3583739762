import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskAndApi, sameOrigin } from "./desk-and-api.js";

type Site = Awaited<ReturnType<typeof deskAndApi>>;

/** What a browser sends from a page's form: its inputs with their values, the boxes ticked, each select's choice. */
function formFields(html: string): [string, string][] {
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  const fields: [string, string][] = [];
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type");
    if (!name || (type === "checkbox" && !/\schecked=""/.test(tag))) continue;
    fields.push([name, attribute(tag, "value") ?? ""]);
  }
  for (const [, open = "", options = ""] of html.matchAll(/(<select[^>]*>)([\s\S]*?)<\/select>/g)) {
    const chosen = /<option[^>]*selected=""[^>]*>/.exec(options)?.[0] ?? "";
    fields.push([attribute(open, "name") ?? "", attribute(chosen, "value") ?? ""]);
  }
  return fields;
}

/** A Calgary weekday (Monday to Friday) of "YYYY-MM-DD". */
const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

describe("the service desk's day, bay by bay, and its capacity form", () => {
  let site: Site;
  let manager: { id: string; cookie: string };
  let day = "";

  beforeAll(async () => {
    site = await deskAndApi();
    manager = await site.member("service@summit.example", "service_manager");
    const kinds = "kind=commercial-vehicle-inspection&kind=oil-air-fuel-filter-changes";
    const free = await site.api.inject({ url: `/api/service/free-times?${kinds}` });
    const { times } = free.json() as { times: { startsAt: string; date: string; clock: string }[] };
    const opening = times.find((time) => isWeekday(time.date) && time.clock === "07:30");
    day = opening?.date ?? "";
    const booked = await site.api.inject({
      method: "POST",
      url: "/api/service/bookings",
      payload: {
        startsAt: opening?.startsAt,
        stay: "wait",
        first_name: "Dana",
        company: "Prairie Couriers",
        email: "dana@example.com",
        phone: "403-555-0199",
        units: [
          { kind: "commercial-vehicle-inspection", year: "2021", make: "Isuzu", model: "NPR-HD" },
          { kind: "oil-air-fuel-filter-changes", year: "2019", make: "Chevrolet", model: "Express 3500" },
        ],
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });
  afterAll(async () => {
    await site.close();
  });

  const get = (url: string) => site.desk.inject({ url, headers: { cookie: manager.cookie } });
  const post = (url: string, fields: [string, string][]) =>
    site.desk.inject({
      method: "POST",
      url,
      headers: { cookie: manager.cookie, ...sameOrigin, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
  /** Each bay's column of the day's page, by the bay's name. */
  const columns = (html: string) =>
    new Map(
      html
        .split('<section class="desk-bay"')
        .slice(1)
        .map((column) => [/<h3[^>]*>([^<]*)<\/h3>/.exec(column)?.[1] ?? "", column]),
    );

  it("shows the day as a column per bay: its bookings, its vehicles only, and its time still free", async () => {
    const page = await get(`/bookings?from=${day}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("All bays: 59 h free of 63 h.");
    const bays = columns(page.body);
    expect([...bays.keys()]).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Bay ${n}`).concat("Body shop estimates"));
    expect(bays.get("Bay 1")).toContain("6 h free of 9 h");
    expect(bays.get("Bay 1")).toContain("NPR-HD");
    expect(bays.get("Bay 1")).not.toContain("Express 3500");
    expect(bays.get("Bay 2")).toContain("8 h free of 9 h");
    expect(bays.get("Bay 2")).toContain("Express 3500");
    expect(bays.get("Bay 2")).toMatch(/other vehicles: Bay 1\./);
    expect(bays.get("Bay 2")).toContain('value="confirmed"');
    expect(bays.get("Bay 3")).toContain("9 h free of 9 h");
    expect(bays.get("Bay 3")).toContain("No bookings.");
  });

  it("shows the week as a list, with each day's time still free", async () => {
    const page = await get(`/bookings?from=${day}&view=week`);
    expect(page.body).not.toContain('class="desk-bay"');
    expect(page.body).toContain("59 h free of 63 h.");
    expect(page.body.match(/Closed for bookings/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  });

  it("adds a bay (its own hours too) and a kind on the form without a script, keeping what was typed, and saves them", async () => {
    const form = formFields((await get("/bookings/capacity")).body);
    const withLead = form.map(([name, value]): [string, string] => [name, name === "leadTimeHours" ? "48" : value]);
    const grown = await post("/bookings/capacity", [...withLead, ["add", "bays"]]);
    expect(grown.statusCode).toBe(200);
    expect(grown.body).toContain('id="desk-added-row"');
    const again = formFields(grown.body);
    expect(again).toContainEqual(["leadTimeHours", "48"]);
    const bayRows = again.filter(([name]) => /^bay\.\d+\.key$/.test(name));
    expect(bayRows).toHaveLength(8);
    const added = bayRows.at(-1)?.[0].replace(".key", "") ?? "";
    const withKind = formFields((await post("/bookings/capacity", [...again, ["add", "kinds"]])).body);
    const kindRow =
      withKind
        .filter(([name]) => /^kind\.\d+\.key$/.test(name))
        .at(-1)?.[0]
        .replace(".key", "") ?? "";
    const newKindKey = withKind.find(([name]) => name === `${kindRow}.key`)?.[1] ?? "";
    const filled = withKind.map(([name, value]): [string, string] => {
      if (name === `${added}.name`) return [name, "Bay 7"];
      // a bay of the afternoons only: its own part of the day
      if (name === `${added}.hours`) return [name, "12:30-16:30"];
      if (name === `${kindRow}.name`) return [name, "Trailer Safety Check"];
      return [name, name === `${kindRow}.minutes` ? "45" : value];
    });
    const saved = await post("/bookings/capacity", [...filled, [`${added}.kinds`, newKindKey]]);
    expect(saved.statusCode, saved.body).toBe(303);
    const capacity = await site.api.inject({ url: "/api/service/booking" });
    expect(capacity.json().kinds).toContainEqual(
      expect.objectContaining({ id: "trailer-safety-check", name: "Trailer Safety Check", minutes: 45 }),
    );
    const day7 = await get(`/bookings?from=${day}`);
    expect(columns(day7.body).get("Bay 7")).toContain("4 h free of 4 h");
  });

  it("removes a kind from every bay, refuses one with bookings to come or the last bay, and keeps the form", async () => {
    const form = formFields((await get("/bookings/capacity")).body);
    const rowOf = (list: string, key: string) =>
      form.find(([name, value]) => name.startsWith(`${list}.`) && name.endsWith(".key") && value === key)?.[0];
    const oil = rowOf("kind", "oil-air-fuel-filter-changes")?.replace(".key", ".remove") ?? "";
    const refused = await post("/bookings/capacity", [...form, [oil, "1"]]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("still has bookings to come");
    expect(formFields(refused.body)).toContainEqual([oil, "1"]);

    const everyBay = form
      .filter(([name]) => /^bay\.\d+\.key$/.test(name))
      .map(([name]) => [name.replace(".key", ".remove"), "1"]);
    const lastBay = await post("/bookings/capacity", [...form, ...(everyBay as [string, string][])]);
    expect(lastBay.statusCode).toBe(400);
    expect(lastBay.body).toContain("Keep at least one bay");

    const alignments = rowOf("kind", "alignments")?.replace(".key", ".remove") ?? "";
    expect((await post("/bookings/capacity", [...form, [alignments, "1"]])).statusCode).toBe(303);
    const after = formFields((await get("/bookings/capacity")).body);
    expect(after.some(([name, value]) => name.endsWith(".key") && value === "alignments")).toBe(false);
    expect(after.some(([name, value]) => name.endsWith(".kinds") && value === "alignments")).toBe(false);
    const [audit] = await site.db.query<{ before: { kinds: { id: string }[] } }>(
      "select before from staff_audit where action = 'service.capacity' order by id desc limit 1",
    );
    expect(audit?.before.kinds.map((kind) => kind.id)).toContain("alignments");
  });

  it("keeps a column for a bay removed since, on a day it had bookings", async () => {
    await site.db.query(
      `update leads set service_booking = jsonb_set(service_booking, '{units,0,bay}', '"old-bay"')
        where service_booking is not null`,
    );
    const bays = columns((await get(`/bookings?from=${day}`)).body);
    expect(bays.get("old-bay")).toContain("No longer a bay");
    expect(bays.get("old-bay")).toContain("NPR-HD");
    expect(bays.get("Bay 1")).toContain("No bookings.");
  });
});
