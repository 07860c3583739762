import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
// zod's full API here, zod/mini in the remotes' declarations (and the fixture's below): the kit takes either
import { z } from "zod";
import {
  type ConsumerContract,
  defineConsumes,
  MANIFEST_CONTRACTS_FIELD,
  type ProviderContract,
  providedContract,
} from "../src/contracts.js";
import { checkContracts } from "../src/contracts-check.js";
import { providesOf } from "../src/declaration.js";

const run = promisify(execFile);

/** Team leads' modules and data, as its declaration gives them. */
const VEHICLE_CONTACT = z.object({
  stockNumber: z.string(),
  vin: z.string().optional(),
  make: z.string().optional(),
});
const SERVICE_BOOKING = z.object({
  section: z.enum(["service", "body-shop"]),
  serviceTitle: z.string(),
  placement: z.string().optional(),
});
const TRAILER = z.object({
  stock_number: z.string(),
  name: z.string(),
  thumbnail: z.string(),
  price: z.number(),
  kind: z.enum(["Enclosed"]),
});

const MODULES = {
  "./routes": { props: z.object({}) },
  "./vehicle-contact-form": { props: VEHICLE_CONTACT },
  "./service-booking-form": { props: SERVICE_BOOKING },
} as const;

const DATA = { trailers: { shape: z.array(TRAILER) } };

/** Team leads' provided contract, as its build writes it into the manifest (JSON Schema). */
const PROVIDES = providedContract(MODULES, DATA);

function manifest(
  provides: object = PROVIDES,
  exposes = ["./routes", "./vehicle-contact-form", "./service-booking-form"],
) {
  return {
    name: "leads",
    exposes: exposes.map((path) => ({ name: path.slice(2), path })),
    metaData: {
      [MANIFEST_CONTRACTS_FIELD]: provides,
      server: { protocol: 1, render: "render", sitemap: "sitemap.json", data: { trailers: "data/trailers.json" } },
    },
  };
}

const INVENTORY = defineConsumes({
  consumer: "inventory",
  modules: {
    vehicleContactForm: {
      from: "leads",
      module: "./vehicle-contact-form",
      props: z.object({ stockNumber: z.string(), vin: z.string(), make: z.string() }),
    },
  },
  data: {},
});
const SERVICE = defineConsumes({
  consumer: "service",
  modules: {
    booking: {
      from: "leads",
      module: "./service-booking-form",
      props: z.object({ section: z.enum(["service", "body-shop"]), serviceTitle: z.string() }),
    },
  },
  data: {
    trailers: {
      from: "leads",
      name: "trailers",
      shape: z.array(z.object({ stock_number: z.string(), name: z.string(), thumbnail: z.string().optional() })),
    },
  },
});
const TRAILERS = [{ stock_number: "TR1", name: "7x14 Cargo", thumbnail: "/t.jpg", price: 15880, kind: "Enclosed" }];

const check = (built: unknown, consumers: ConsumerContract[] = [INVENTORY, SERVICE], data: unknown = TRAILERS) =>
  checkContracts({
    provider: "leads",
    manifest: built,
    consumers,
    readBuiltJson: (file) => (file === "data/trailers.json" ? data : undefined),
  }).map((p) => `${p.consumer}: ${p.message}`);

describe("consumer-driven contract checks", () => {
  it("pass when the build serves every declared use", () => {
    expect(check(manifest())).toEqual([]);
    // a new optional prop, a wider choice, an unused module: no consumer is affected
    const grown = providedContract(
      {
        ...MODULES,
        "./vehicle-contact-form": { props: VEHICLE_CONTACT.extend({ model: z.string().optional() }) },
        "./service-booking-form": {
          props: SERVICE_BOOKING.extend({ section: z.enum(["service", "body-shop", "parts"]) }),
        },
        "./new-form": { props: z.object({ id: z.string() }) },
      },
      DATA,
    );
    expect(check(manifest(grown, [...manifest().exposes.map((e) => e.path), "./new-form"]))).toEqual([]);
  });

  it("fail when a module a consumer renders is removed or renamed", () => {
    const withoutForm = manifest(PROVIDES, ["./routes", "./service-booking-form"]);
    expect(check(withoutForm)).toEqual([
      "inventory: leads/vehicle-contact-form is no longer exposed (removed or renamed), and inventory renders it",
    ]);
  });

  it("fail when the props change incompatibly: a new required prop, a renamed one, another type, a narrower choice", () => {
    const changed: ProviderContract = {
      ...providedContract({
        "./vehicle-contact-form": {
          props: z.object({ stock: z.string(), vin: z.number().optional(), make: z.string().optional() }),
        },
        "./service-booking-form": {
          props: z.object({ section: z.enum(["service"]), serviceTitle: z.string(), phone: z.string() }),
        },
      }),
      data: PROVIDES.data,
    };
    expect(check(manifest(changed))).toEqual([
      "inventory: leads/vehicle-contact-form now requires stock, which inventory does not always pass",
      "inventory: leads/vehicle-contact-form no longer takes stockNumber, which inventory passes (removed or renamed)",
      "inventory: leads/vehicle-contact-form takes vin as a number, inventory passes a string",
      "service: leads/service-booking-form now requires phone, which service does not always pass",
      'service: leads/service-booking-form no longer accepts "body-shop" for section, which service may pass',
    ]);
  });

  it("fail when published data loses a field a consumer reads, or is no longer published", () => {
    expect(check(manifest(), [SERVICE], [{ stock_number: "TR1" }])).toEqual([
      "service: leads data trailers: [0].name: Invalid input: expected string, received undefined, and service reads it",
    ]);
    const unpublished = manifest();
    unpublished.metaData.server.data = {} as never;
    expect(check(unpublished, [SERVICE])).toEqual([
      "service: leads data trailers is no longer published, and service reads it",
    ]);
  });

  it("fail when the data's declared shape no longer promises what a consumer reads, though today's file has it", () => {
    const reader = defineConsumes({
      consumer: "service",
      modules: {},
      data: {
        trailers: {
          from: "leads",
          name: "trailers",
          shape: z.array(z.object({ stock_number: z.string(), price: z.number(), kind: z.enum(["Enclosed"]) })),
        },
      },
    });
    expect(check(manifest(), [reader])).toEqual([]);
    const loosened = providedContract(MODULES, {
      trailers: {
        shape: z.array(
          TRAILER.omit({ stock_number: true }).extend({
            price: z.number().optional(),
            kind: z.enum(["Enclosed", "Wedge"]),
          }),
        ),
      },
    });
    expect(check(manifest(loosened), [reader])).toEqual([
      "service: leads data trailers publishes no [].stock_number, which service reads",
      "service: leads data trailers publishes [].price only sometimes, and service reads it always",
      'service: leads data trailers may publish "Wedge" for [].kind, which service does not read',
    ]);
    const { data: _undeclared, ...withoutData } = PROVIDES;
    expect(check(manifest(withoutData), [reader])).toEqual([
      "service: leads data trailers: leads declares no shape for it in its manifest",
    ]);
  });
});

describe("contracts as JSON Schema in the manifest", () => {
  it("a remote's build writes its zod schemas' JSON Schema: what each module takes, what each file holds", () => {
    const provides = providesOf({
      name: "leads",
      devPort: 5004,
      routes: "./src/routes.tsx",
      fragments: {
        "./vehicle-contact-form": { source: "./src/forms/vehicle-contact-form.tsx", props: VEHICLE_CONTACT },
      },
      data: { ids: { shape: z.record(z.string(), z.int()) } },
    });
    expect(provides).toEqual({
      modules: {
        "./routes": { props: { type: "object", properties: {}, additionalProperties: false } },
        "./vehicle-contact-form": {
          props: {
            type: "object",
            properties: { stockNumber: { type: "string" }, vin: { type: "string" }, make: { type: "string" } },
            required: ["stockNumber"],
            additionalProperties: false,
          },
        },
      },
      data: {
        ids: {
          shape: {
            type: "object",
            propertyNames: { type: "string" },
            additionalProperties: {
              type: "integer",
              minimum: Number.MIN_SAFE_INTEGER,
              maximum: Number.MAX_SAFE_INTEGER,
            },
          },
        },
      },
    });
    // what it writes is what the check reads back, whole: the JSON round trip changes nothing
    expect(check(JSON.parse(JSON.stringify(manifest())))).toEqual([]);
  });

  it("compare dictionaries, whole numbers, literals and strict objects; name what they do not compare", () => {
    const provides = (shape: z.ZodType) => providedContract(MODULES, { trailers: { shape } });
    const reads = (
      shape: z.ZodType,
      props: z.ZodObject = z.object({ section: z.literal("service"), serviceTitle: z.string() }),
    ) =>
      defineConsumes({
        consumer: "service",
        modules: { booking: { from: "leads", module: "./service-booking-form", props } },
        data: { trailers: { from: "leads", name: "trailers", shape } },
      });
    const counts = z.record(z.string(), z.number());
    expect(check(manifest(provides(z.record(z.string(), z.int()))), [reads(counts)], {})).toEqual([]);
    expect(check(manifest(provides(z.record(z.string(), z.string()))), [reads(counts)], {})).toEqual([
      "service: leads data trailers publishes {} as a string, and service reads a number",
    ]);
    expect(check(manifest(provides(counts)), [reads(z.record(z.string(), z.int()))], {})).toEqual([
      "service: leads data trailers publishes {} as a number, and service reads a whole number",
    ]);
    expect(
      check(manifest(provides(z.array(TRAILER))), [reads(z.array(TRAILER.pick({ name: true }).strict()))]),
    ).toEqual([
      'service: leads data trailers: [0]: Unrecognized keys: "stock_number", "thumbnail", "price", "kind", and service reads it',
      "service: leads data trailers publishes [].stock_number, which service refuses (it reads a strict object)",
      "service: leads data trailers publishes [].thumbnail, which service refuses (it reads a strict object)",
      "service: leads data trailers publishes [].price, which service refuses (it reads a strict object)",
      "service: leads data trailers publishes [].kind, which service refuses (it reads a strict object)",
    ]);
    const nullable = reads(
      z.array(TRAILER),
      z.object({ section: z.enum(["service"]).nullable(), serviceTitle: z.string() }),
    );
    expect(check(manifest(), [nullable])).toEqual([
      "service: leads/service-booking-form section uses anyOf, which the contract check does not compare: declare it plainly",
    ]);
  });
});

describe("fleet-contracts, in a remote's own pipeline", () => {
  const fixture = mkdtempSync(join(import.meta.dirname, ".contracts-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  /** A repository with one consumer's declaration and leads' build, with or without the form it renders. */
  function repository(exposes: string[]) {
    const root = mkdtempSync(join(fixture, "repo-"));
    mkdirSync(join(root, "mfe-inventory/src/contracts"), { recursive: true });
    writeFileSync(
      join(root, "mfe-inventory/src/contracts/consumes.ts"),
      `import { defineConsumes } from "${join(import.meta.dirname, "../src/contracts.ts")}";
import { z } from "zod/mini";
export default defineConsumes({
  consumer: "inventory",
  modules: { form: { from: "leads", module: "./vehicle-contact-form", props: z.object({ stockNumber: z.string() }) } },
  data: {},
});`,
    );
    mkdirSync(join(root, "mfe-leads/dist/data"), { recursive: true });
    writeFileSync(join(root, "mfe-leads/dist/mf-manifest.json"), JSON.stringify(manifest(PROVIDES, exposes)));
    writeFileSync(join(root, "mfe-leads/dist/data/trailers.json"), JSON.stringify(TRAILERS));
    return root;
  }

  const cli = (root: string) =>
    run(
      process.execPath,
      [
        "--import",
        "tsx",
        join(import.meta.dirname, "../src/contracts-cli.ts"),
        "--remote",
        "leads",
        "--consumers",
        root,
      ],
      { cwd: join(root, "mfe-leads") },
    );

  it("passes a build that serves its consumers", async () => {
    const { stdout } = await cli(repository(["./routes", "./vehicle-contact-form"]));
    expect(stdout).toContain("leads: 1 use(s) by inventory checked");
  }, 30_000);

  it("fails the build with a deliberately removed expose, naming the consumer and the module", async () => {
    const failure = await cli(repository(["./routes"])).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      "inventory: leads/vehicle-contact-form is no longer exposed (removed or renamed), and inventory renders it",
    );
  }, 30_000);
});
