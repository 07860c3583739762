import type { RemoteName } from "shared-types";
import { z } from "zod/mini";

/**
 * Contracts between teams, as zod schemas every side reads: a consumer declares the peer modules it renders (with
 * the props it passes) and the peer data it reads (with the fields it uses); a provider declares the props its
 * exposed modules take and the data it publishes, and its build writes their JSON Schema into its manifest
 * (metaData.contracts). A provider's pipeline checks its built manifest and data against every consumer's
 * declarations (remote-kit/contracts-check), so a removed, renamed or incompatibly changed module fails that
 * provider's own build, not production.
 *
 * Declarations are written with zod/mini, as every schema a browser loads is (shared-types/schemas): pages render
 * peers through them, and zod's full API would add its weight to every remote's pages. Any zod 4 schema is taken
 * (zod's core types).
 */

/** A zod 4 schema, of either API (zod or zod/mini). */
export type Schema = z.core.$ZodType;
export type ObjectSchema = z.core.$ZodObject;

/** JSON Schema (draft 2020-12), as z.toJSONSchema writes it. */
export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** A peer module a consumer renders: whose, which exposed module, and the props it passes. */
export interface ModuleUse {
  readonly from: RemoteName;
  /** As exposed: "./vehicle-contact-form". */
  readonly module: `./${string}`;
  readonly props: ObjectSchema;
}

/** Peer data a consumer reads: whose, which published file, and the fields it uses. */
export interface DataUse {
  readonly from: RemoteName;
  readonly name: string;
  readonly shape: Schema;
}

export interface ConsumerContract {
  /** The consumer: a remote, or the host. */
  readonly consumer: RemoteName | "host";
  readonly modules: Readonly<Record<string, ModuleUse>>;
  readonly data: Readonly<Record<string, DataUse>>;
}

/** What a provider's manifest promises, as JSON Schema: its modules' props, and its published data's shapes. */
export interface ProviderContract {
  readonly modules: Readonly<Record<`./${string}`, { readonly props: JsonSchema }>>;
  readonly data?: Readonly<Record<string, { readonly shape: JsonSchema }>>;
}

/** Contract values are never changed where they are read: published data is shared, props are the caller's. */
type Frozen<T> = T extends readonly (infer I)[]
  ? readonly Frozen<I>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/** The type of the values a schema gives (published data, as its provider or a consumer reads it). */
export type TypeOf<S> = S extends Schema ? Frozen<z.output<S>> : never;

/** The type of the values a schema takes (the props a consumer passes). */
export type ShapeOf<S> = S extends Schema ? Frozen<z.input<S>> : never;

/** Every remote exposes its route table as "./routes": the host renders it. */
export const REMOTE_ROUTES_MODULE = "./routes";

/** The manifest field a provider's build writes its contract into. */
export const MANIFEST_CONTRACTS_FIELD = "contracts";

export function defineConsumes<const C extends ConsumerContract>(contract: C): C {
  return contract;
}

/**
 * A schema as JSON Schema: what a provider promises is its output (an object takes no other keys), what a consumer
 * accepts is its input (zod drops keys it does not read).
 */
export function jsonSchemaOf(schema: Schema, io: "input" | "output"): JsonSchema {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io });
  return json;
}

/** The contract a provider's manifest carries, from its modules' props and its published data's schemas. */
export function providedContract(
  modules: Readonly<Record<`./${string}`, { readonly props: ObjectSchema }>>,
  data: Readonly<Record<string, { readonly shape: Schema }>> = {},
): ProviderContract {
  const shapes = Object.entries(data).map(([name, use]) => [name, { shape: jsonSchemaOf(use.shape, "output") }]);
  return {
    modules: Object.fromEntries(
      Object.entries(modules).map(([name, use]) => [name, { props: jsonSchemaOf(use.props, "output") }]),
    ),
    ...(shapes.length > 0 ? { data: Object.fromEntries(shapes) } : {}),
  };
}

/** The props a declared module use passes (what the consumer's code may give it). */
export type PropsOfUse<U extends ModuleUse> = ShapeOf<U["props"]>;

/** Where a value is not what a schema reads (at most five): "[0].name: Invalid input: expected string, …". */
export function valueProblems(schema: Schema, value: unknown): string[] {
  return (z.safeParse(schema, value).error?.issues ?? []).slice(0, 5).map((issue) => {
    const at = issue.path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
    return `${at.replace(/^\./, "") || "the data"}: ${issue.message}`;
  });
}

/** The id the host's loader takes for a module use: "leads/vehicle-contact-form". */
export function peerModuleId(use: Pick<ModuleUse, "from" | "module">): string {
  return `${use.from}/${use.module.replace(/^\.\//, "")}`;
}
