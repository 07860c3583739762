import type { FastifyInstance } from "fastify";
import { SAVED_SEARCH_CONSENT } from "shared-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BusinessDetailsStore } from "../src/business/business-store.js";
import type { Database } from "../src/db/database.js";
import { savedSearchMailSender, smtpTransport } from "../src/delivery/delivery-setup.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { insertVehicles, seedIfEmpty } from "../src/seed/seed.js";
import { backends } from "./database-fixtures.js";
import { eventually, SmtpCatcher } from "./smtp-catcher.js";
import { testConfig } from "./test-config.js";

const SITE_URL = "https://fleet.test";
const HOUR = 60 * 60 * 1000;

describe.each(backends())("saved searches on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let smtp: SmtpCatcher;
  let transport: ReturnType<typeof smtpTransport>;
  let clock = Date.parse("2026-11-26T12:00:00Z");
  // (prices in dollars, as the feed sends them)
  const stock = generateInventory(150).filter((unit) => unit.status !== "sold" && unit.full_price > 10_000);
  // a search that matches a handful of units: one model's name
  const model = stock[0]!.model;

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 150);
    smtp = await new SmtpCatcher().start();
    transport = smtpTransport(smtp.url);
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_SITE_URL: SITE_URL, LEAD_RATE_LIMIT_MAX: 10_000 });
    app = await buildApp(config, {
      db,
      sendSavedSearchMail: savedSearchMailSender(config, transport, new BusinessDetailsStore(db)),
      now: () => clock,
      // this test runs the alerts itself, by its own clock
      alertOnChange: false,
    });
  }, 60_000);
  afterAll(async () => {
    transport.close();
    await app.close();
    await smtp.stop();
    await db.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });

  const save = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/api/saved-searches", payload });
  const linkOf = (text: string, action: string) => {
    const link = new URL(
      text.match(new RegExp(`https://fleet\\.test/saved-search\\?[^\\s"]*do=${action}`))![0].replace(/&amp;/g, "&"),
    );
    return { id: link.searchParams.get("id")!, token: link.searchParams.get("token")! };
  };
  const act = (id: string, action: string, token: string) =>
    app.inject({ method: "POST", url: `/api/saved-searches/${id}/${action}`, payload: { token } });
  const firstMailTo = async (email: string) => {
    await eventually(async () => smtp.to(email).length > 0, `an email to ${email}`);
    return smtp.to(email)[0]!;
  };
  const saveConfirmed = async (email: string) => {
    expect((await save({ email, search: model, filters: "", consent: "on" })).statusCode).toBe(202);
    const mail = await firstMailTo(email);
    const link = linkOf(mail.mail.text ?? "", "confirm");
    expect((await act(link.id, "confirm", link.token)).json().status).toBe("active");
    return link;
  };

  it("asks for express consent and a real address, keeps the consent word for word, and sends nothing before the address confirms", async () => {
    const refused = await save({ email: "fran@bowriver.example", search: model, consent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.consent[0]).toBe("Tick the box to agree to these emails: we send nothing without it");
    expect((await save({ email: "not-an-address", search: model, consent: "on" })).json().fields.email[0]).toBe(
      "Enter a valid email address",
    );

    const saved = await save({
      email: "pending@bowriver.example",
      search: model,
      consent: "on",
      "-url": `${SITE_URL}/inventory?search=${model}`,
    });
    expect(saved.statusCode, saved.body).toBe(202);
    const [row] = await db.query<Record<string, unknown>>("select * from saved_searches where email = $1", [
      "pending@bowriver.example",
    ]);
    expect(row).toMatchObject({
      email: "pending@bowriver.example",
      status: "pending",
      consent_text: SAVED_SEARCH_CONSENT.text,
      consent_version: SAVED_SEARCH_CONSENT.version,
    });
    expect(row?.consent_at).toBeTruthy();
    const confirmation = await firstMailTo("pending@bowriver.example");
    expect(confirmation.mail.subject).toBe("Confirm your saved search: Summit Heavy Fleet");
    // what was typed is not repeated to an address nobody has confirmed
    expect(confirmation.mail.text).toContain("(the words you searched for)");
    expect(confirmation.mail.text).not.toContain(model);

    // a new matching unit while it is pending: nothing is sent
    await insertVehicles(db, [{ ...stock[1]!, stock_number: "PEND0001", model, make: stock[0]!.make }]);
    expect((await app.savedSearchAlerts.runOnce()).alerted).toBe(0);
    // a link with another search's token does nothing
    expect((await act(String(row?.id), "confirm", "x".repeat(43))).statusCode).toBe(400);
  });

  it("sends one address at most 3 confirmations an hour and the same search once, answering every request alike", async () => {
    const victim = "victim@bowriver.example";
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await save({ email: victim, search: `${model} ${i}`, filters: "", consent: "on" }));
    }
    await eventually(async () => smtp.to(victim).length >= 3, "three confirmations");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(victim)).toHaveLength(3);
    // the answer does not tell whether an email went out, and no unconfirmed search piles up
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(
      new Set([
        `202 ${JSON.stringify({ status: "pending", message: "Check your email to confirm your saved search." })}`,
      ]),
    );
    const rows = await db.query("select id from saved_searches where lower(email) = $1", [victim]);
    expect(rows).toHaveLength(3);

    const twice = "twice@bowriver.example";
    const search = { search: model, filters: JSON.stringify({ fuel: ["diesel"] }), consent: "on" };
    expect((await save({ email: twice, ...search })).statusCode).toBe(202);
    expect(
      (await save({ email: " Twice@BowRiver.example", ...search, search: ` ${model.toUpperCase()} ` })).statusCode,
    ).toBe(202);
    await firstMailTo(twice);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(twice)).toHaveLength(1);
  });

  it("describes the search in its confirmation by what the stock has, never by what was typed", async () => {
    const email = "described@bowriver.example";
    const typed = "Your invoice is overdue pay at evil.example";
    const filters = JSON.stringify({
      make: [stock[0]!.make, "www.evil.example"],
      model: ["Pay now"],
      fuel: ["diesel"],
    });
    expect((await save({ email, search: typed, filters, consent: "on" })).statusCode).toBe(202);
    const { mail } = await firstMailTo(email);
    for (const body of [mail.text ?? "", mail.html || ""]) {
      expect(body).toContain(`${stock[0]!.make}, Diesel, and the words you searched for`);
      expect(body).not.toMatch(/evil|invoice|pay now|www\./i);
    }
  });

  it("sends one alert with the new match and the price drop, at most one a day, and nothing after a one-click unsubscribe", async () => {
    const { id } = await saveConfirmed("alerts@bowriver.example");
    await saveConfirmed("control@bowriver.example");
    smtp.mails.length = 0;
    // confirmed from what matches now: nothing is news yet
    expect((await app.savedSearchAlerts.runOnce()).alerted).toBe(0);

    const matching = stock.filter((unit) => unit.model === model);
    const cheaper = matching[0]!;
    await insertVehicles(db, [{ ...stock[2]!, stock_number: "NEWM0001", model, make: cheaper.make }]);
    await db.query(
      "update vehicles set full_price = full_price - 2000, low_price = case when low_price > 0 then low_price - 2000 else 0 end where stock_number = $1",
      [cheaper.stock_number],
    );
    expect((await app.savedSearchAlerts.runOnce()).alerted).toBe(2);
    const [alert] = smtp.to("alerts@bowriver.example");
    expect(smtp.to("alerts@bowriver.example")).toHaveLength(1);
    const text = alert!.mail.text ?? "";
    expect(text).toContain("/inventory/vehicle/NEWM0001");
    expect(text).toContain(`/inventory/vehicle/${cheaper.stock_number}`);
    expect(text).toMatch(/\(was \$[\d,]+/);
    expect(alert!.mail.html).toMatch(/<img src="https:\/\/fleet\.test\/api\/media\/photos\/|New in stock/);
    // CASL: the dealership's name and postal address; RFC 8058: one-click unsubscribe
    expect(text).toContain("Summit Heavy Fleet, 5440 76 Avenue SE, Calgary, AB T2C 4S3");
    // (as sent: a mail parser makes an object of List-* headers)
    const head = alert!.raw.slice(0, alert!.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
    const oneClick = head.match(/^List-Unsubscribe: (.*)$/im)?.[1] ?? "";
    expect(oneClick).toMatch(new RegExp(`^<${SITE_URL}/api/saved-searches/${id}/unsubscribe\\?token=`));
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);

    // another drop the same day: nothing more today
    await db.query(
      "update vehicles set full_price = full_price - 500, low_price = case when low_price > 0 then low_price - 500 else 0 end where stock_number = $1",
      [cheaper.stock_number],
    );
    expect((await app.savedSearchAlerts.runOnce()).alerted).toBe(0);

    // the mailbox's one-click: honoured at once
    const address = new URL(oneClick.slice(1, -1));
    const unsubscribed = await app.inject({
      method: "POST",
      url: `${address.pathname}${address.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.json()).toMatchObject({ id, status: "unsubscribed" });
    // a day later the drop is news to the search still kept, and nothing to the one unsubscribed
    clock += 25 * HOUR;
    smtp.mails.length = 0;
    expect((await app.savedSearchAlerts.runOnce()).alerted).toBe(1);
    expect(smtp.to("alerts@bowriver.example")).toHaveLength(0);
    expect(smtp.to("control@bowriver.example")).toHaveLength(1);
    // confirming again does not undo an unsubscribe
    const renewLink = linkOf(alert!.mail.text ?? "", "renew");
    expect(renewLink.id).toBe(id);
    expect((await act(id, "confirm", renewLink.token)).json().status).toBe("unsubscribed");
    expect((await act(id, "renew", renewLink.token)).json().status).toBe("unsubscribed");
  });

  it("lapses six months after its confirmation unless renewed from an alert", async () => {
    const kept = await saveConfirmed("renews@bowriver.example");
    const lapsing = await saveConfirmed("lapses@bowriver.example");
    clock += 5 * 30 * 24 * HOUR;
    expect((await act(kept.id, "renew", kept.token)).json().status).toBe("active");
    clock += 40 * 24 * HOUR;
    await insertVehicles(db, [{ ...stock[3]!, stock_number: "LATE0001", model, make: stock[0]!.make }]);
    smtp.mails.length = 0;
    await app.savedSearchAlerts.runOnce();
    expect(smtp.to("renews@bowriver.example")).toHaveLength(1);
    expect(smtp.to("lapses@bowriver.example")).toHaveLength(0);
    const [row] = await db.query<{ status: string }>("select status from saved_searches where id = $1", [lapsing.id]);
    expect(row?.status).toBe("lapsed");
  });

  it("checks each minute with two small queries, and matches again only after a change or when a held-back search is due", async () => {
    await saveConfirmed("minute@bowriver.example");
    await app.savedSearchAlerts.runOnce();
    // nothing changed since that pass: no search is matched again
    expect(await app.savedSearchAlerts.runIfDue()).toBeNull();
    // a price dropped (by SQL, as staff may): the next minute's check matches, and tells
    const unit = stock.find((candidate) => candidate.model === model)!;
    const dropPrice = () =>
      db.query(
        "update vehicles set full_price = full_price - 300, low_price = case when low_price > 0 then low_price - 300 else 0 end where stock_number = $1",
        [unit.stock_number],
      );
    await dropPrice();
    smtp.mails.length = 0;
    expect(await app.savedSearchAlerts.runIfDue()).toMatchObject({ alerted: expect.any(Number) });
    expect(smtp.to("minute@bowriver.example")).toHaveLength(1);
    expect(await app.savedSearchAlerts.runIfDue()).toBeNull();
    // another drop the same hour: matched, but held back by the day's limit
    await dropPrice();
    smtp.mails.length = 0;
    expect(await app.savedSearchAlerts.runIfDue()).toEqual({ alerted: 0 });
    expect(await app.savedSearchAlerts.runIfDue()).toBeNull();
    // a day on, with no change to the stock since: the held-back drop is due, and told
    clock += 25 * HOUR;
    expect(await app.savedSearchAlerts.runIfDue()).not.toBeNull();
    expect(smtp.to("minute@bowriver.example")).toHaveLength(1);
    expect(await app.savedSearchAlerts.runIfDue()).toBeNull();
  });
});
