import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ConsumerContract,
  defineConsumes,
  defineProvides,
  MANIFEST_CONTRACTS_FIELD,
  t,
} from "../src/contracts.js";
import { checkContracts } from "../src/contracts-check.js";

const run = promisify(execFile);

/** Team leads' provided contract, as its build writes it into the manifest. */
const PROVIDES = defineProvides({
  modules: {
    "./routes": { props: {} },
    "./vehicle-contact-form": {
      props: { stockNumber: t.string, vin: t.optional(t.string), make: t.optional(t.string) },
    },
    "./service-booking-form": {
      props: { section: t.oneOf("service", "body-shop"), serviceTitle: t.string, placement: t.optional(t.string) },
    },
  },
  data: {
    trailers: {
      shape: t.list(
        t.shape({
          stock_number: t.string,
          name: t.string,
          thumbnail: t.string,
          price: t.number,
          kind: t.oneOf("Enclosed"),
        }),
      ),
    },
  },
});

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
      props: { stockNumber: t.string, vin: t.string, make: t.string },
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
      props: { section: t.oneOf("service", "body-shop"), serviceTitle: t.string },
    },
  },
  data: {
    trailers: {
      from: "leads",
      name: "trailers",
      shape: t.list(t.shape({ stock_number: t.string, name: t.string, thumbnail: t.optional(t.string) })),
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
    const grown = structuredClone(PROVIDES) as unknown as {
      modules: Record<string, { props: Record<string, unknown> }>;
    };
    grown.modules["./vehicle-contact-form"]!.props.model = t.optional(t.string);
    grown.modules["./service-booking-form"]!.props.section = t.oneOf("service", "body-shop", "parts");
    expect(check(manifest(grown, [...manifest().exposes.map((e) => e.path), "./new-form"]))).toEqual([]);
  });

  it("fail when a module a consumer renders is removed or renamed", () => {
    const withoutForm = manifest(PROVIDES, ["./routes", "./service-booking-form"]);
    expect(check(withoutForm)).toEqual([
      "inventory: leads/vehicle-contact-form is no longer exposed (removed or renamed), and inventory renders it",
    ]);
  });

  it("fail when the props change incompatibly: a new required prop, a renamed one, another type, a narrower choice", () => {
    const changed = defineProvides({
      modules: {
        "./vehicle-contact-form": { props: { stock: t.string, vin: t.optional(t.number), make: t.optional(t.string) } },
        "./service-booking-form": { props: { section: t.oneOf("service"), serviceTitle: t.string, phone: t.string } },
      },
      data: PROVIDES.data,
    });
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
      "service: leads data trailers: [0].name is missing, and service reads it",
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
          shape: t.list(t.shape({ stock_number: t.string, price: t.number, kind: t.oneOf("Enclosed") })),
        },
      },
    });
    expect(check(manifest(), [reader])).toEqual([]);
    const loosened = structuredClone(PROVIDES) as unknown as {
      data: { trailers: { shape: { items: { fields: Record<string, unknown> } } } };
    };
    const fields = loosened.data.trailers.shape.items.fields;
    delete fields.stock_number;
    fields.price = t.optional(t.number);
    fields.kind = t.oneOf("Enclosed", "Wedge");
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

describe("fleet-contracts, in a remote's own pipeline", () => {
  const fixture = mkdtempSync(join(import.meta.dirname, ".contracts-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  /** A repository with one consumer's declaration and leads' build, with or without the form it renders. */
  function repository(exposes: string[]) {
    const root = mkdtempSync(join(fixture, "repo-"));
    mkdirSync(join(root, "mfe-inventory/src/contracts"), { recursive: true });
    writeFileSync(
      join(root, "mfe-inventory/src/contracts/consumes.ts"),
      `import { defineConsumes, t } from "${join(import.meta.dirname, "../src/contracts.ts")}";
export default defineConsumes({
  consumer: "inventory",
  modules: { form: { from: "leads", module: "./vehicle-contact-form", props: { stockNumber: t.string } } },
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
