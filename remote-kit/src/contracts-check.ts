import type { RemoteName } from "shared-types";
import {
  type ConsumerContract,
  type JsonSchema,
  jsonSchemaOf,
  MANIFEST_CONTRACTS_FIELD,
  type ProviderContract,
  peerModuleId,
  valueProblems,
} from "./contracts.js";
import { MANIFEST_SERVER_FIELD, type RemoteServerInfo } from "./protocol.js";

/** One way a provider's build no longer serves what a consumer uses. */
export interface ContractProblem {
  consumer: string;
  /** "leads/vehicle-contact-form", or "catalog data lineup-models". */
  use: string;
  message: string;
}

interface BuiltManifest {
  exposes?: { name?: string; path?: string }[];
  metaData?: Record<string, unknown>;
}

export interface ContractCheckInput {
  provider: RemoteName;
  /** The provider's built mf-manifest.json. */
  manifest: unknown;
  consumers: readonly ConsumerContract[];
  /** A file of the provider's build, relative to its manifest (its published data), parsed; undefined if absent. */
  readBuiltJson: (file: string) => unknown;
}

/**
 * How a difference reads, one way round: what a consumer passes against what a module takes, or what a provider
 * publishes against what a consumer reads. `from` is the side values come from, `into` the side that takes them.
 */
interface Wording {
  /** What the whole value is called. */
  whole: string;
  required: (at: string) => string;
  sometimes: (at: string) => string;
  /** A key `from` gives and `into` (a closed object) takes not. */
  refusedKey: (at: string) => string;
  /** A key `into` may take and `from` never gives; undefined: no problem. */
  neverGiven?: (at: string) => string;
  retyped: (at: string, from: string, into: string) => string;
  refusedValues: (values: string, at: string) => string;
}

const passing = (who: string): Wording => ({
  whole: "the props",
  required: (at) => `now requires ${at}, which ${who} does not always pass`,
  sometimes: (at) => `now requires ${at}, which ${who} does not always pass`,
  refusedKey: (at) => `no longer takes ${at}, which ${who} passes (removed or renamed)`,
  retyped: (at, given, taken) => `takes ${at} as ${taken}, ${who} passes ${given}`,
  refusedValues: (values, at) => `no longer accepts ${values} for ${at}, which ${who} may pass`,
});

const reading = (who: string): Wording => ({
  whole: "the data",
  required: (at) => `publishes no ${at}, which ${who} reads`,
  sometimes: (at) => `publishes ${at} only sometimes, and ${who} reads it always`,
  refusedKey: (at) => `publishes ${at}, which ${who} refuses (it reads a strict object)`,
  neverGiven: (at) => `publishes no ${at}, which ${who} reads`,
  retyped: (at, published, read) => `publishes ${at} as ${published}, and ${who} reads ${read}`,
  refusedValues: (values, at) => `may publish ${values} for ${at}, which ${who} does not read`,
});

const UNCOMPARED = ["anyOf", "oneOf", "allOf", "not", "$ref", "if"] as const;
const schemaAt = (schema: JsonSchema["items"]): JsonSchema =>
  typeof schema === "object" && !Array.isArray(schema) ? schema : {};
const valuesOf = (s: JsonSchema) =>
  (s.enum ?? (s.const !== undefined ? [s.const] : undefined))?.map((v) => JSON.stringify(v));
const isDictionary = (s: JsonSchema) => !s.properties && typeof s.additionalProperties === "object";
const joined = (path: string, key: string) => (path ? `${path}.${key}` : key);

function describe(s: JsonSchema): string {
  const values = valuesOf(s);
  if (values) return `one of ${values.join(", ")}`;
  if (s.type === "array") return `a list of ${describe(schemaAt(s.items))}`;
  if (s.type === "object")
    return isDictionary(s) ? `a dictionary of ${describe(schemaAt(s.additionalProperties))}` : "an object";
  if (s.type === "integer") return "a whole number";
  return s.type ? `a ${s.type}` : "anything";
}

/** Where some value `from` allows is not one `into` accepts: the smallest "is A a subset of B" our shapes need. */
function narrowing(from: JsonSchema, into: JsonSchema, at: string, words: Wording): string[] {
  const where = at || words.whole;
  const uncompared = UNCOMPARED.find((keyword) => keyword in from || keyword in into);
  if (uncompared) return [`${where} uses ${uncompared}, which the contract check does not compare: declare it plainly`];
  if (!into.type && !valuesOf(into)) return [];
  const widened = from.type === "integer" && into.type === "number";
  if ((from.type !== into.type && !widened) || isDictionary(from) !== isDictionary(into)) {
    return [words.retyped(where, describe(from), describe(into))];
  }
  const accepted = valuesOf(into);
  if (accepted) {
    const given = valuesOf(from);
    if (!given) return [words.retyped(where, describe(from), describe(into))];
    const refused = given.filter((value) => !accepted.includes(value));
    return refused.length > 0 ? [words.refusedValues(refused.join(", "), where)] : [];
  }
  if (from.type === "array") return narrowing(schemaAt(from.items), schemaAt(into.items), `${at}[]`, words);
  if (from.type !== "object") return [];
  if (isDictionary(from)) {
    return narrowing(schemaAt(from.additionalProperties), schemaAt(into.additionalProperties), `${at}{}`, words);
  }
  return narrowingObject(from, into, at, words);
}

function narrowingObject(from: JsonSchema, into: JsonSchema, at: string, words: Wording): string[] {
  const given = from.properties ?? {};
  const taken = into.properties ?? {};
  const always = new Set(from.required);
  const needed = new Set(into.required);
  const problems: string[] = [];
  for (const key of Object.keys(taken)) {
    if (Object.hasOwn(given, key)) {
      if (needed.has(key) && !always.has(key)) problems.push(words.sometimes(joined(at, key)));
    } else if (needed.has(key)) problems.push(words.required(joined(at, key)));
    else if (words.neverGiven && from.additionalProperties === false) problems.push(words.neverGiven(joined(at, key)));
  }
  for (const [key, schema] of Object.entries(given)) {
    if (Object.hasOwn(taken, key))
      problems.push(...narrowing(schemaAt(schema), schemaAt(taken[key]), joined(at, key), words));
    else if (into.additionalProperties === false) problems.push(words.refusedKey(joined(at, key)));
  }
  return problems;
}

/**
 * A contract as releases before zod wrote it (remote-kit's own descriptors: { kind: "string" }, { optional: … }),
 * as JSON Schema, so a manifest one release back is still checked.
 */
type LegacyDescriptor =
  | { kind: "string" | "number" | "boolean" }
  | { kind: "oneOf"; values: string[] }
  | { kind: "list"; items: LegacyDescriptor }
  | { kind: "dictionary"; values: LegacyDescriptor }
  | { kind: "shape"; fields: Record<string, LegacyField> };
type LegacyField = LegacyDescriptor | { optional: LegacyDescriptor };

function fromLegacy(d: LegacyDescriptor): JsonSchema {
  switch (d.kind) {
    case "oneOf":
      return { type: "string", enum: d.values };
    case "list":
      return { type: "array", items: fromLegacy(d.items) };
    case "dictionary":
      return { type: "object", additionalProperties: fromLegacy(d.values) };
    case "shape":
      return fromLegacyFields(d.fields);
    default:
      return { type: d.kind };
  }
}

function fromLegacyFields(fields: Record<string, LegacyField>): JsonSchema {
  const entries = Object.entries(fields);
  return {
    type: "object",
    properties: Object.fromEntries(entries.map(([key, f]) => [key, fromLegacy("optional" in f ? f.optional : f)])),
    required: entries.filter(([, f]) => !("optional" in f)).map(([key]) => key),
    additionalProperties: false,
  };
}

/** A manifest's props or data schema, in either encoding (JSON Schema's objects say `type: "object"`). */
const propsSchema = (props: JsonSchema): JsonSchema =>
  props.type === "object" ? props : fromLegacyFields(props as Record<string, LegacyField>);
const dataSchema = (shape: JsonSchema): JsonSchema => ("kind" in shape ? fromLegacy(shape as LegacyDescriptor) : shape);

/**
 * Checks a provider's build against every consumer's declarations: each module a consumer renders is still
 * exposed and takes the props it passes (as the provider's manifest declares them); each data file a consumer
 * reads is still published, today's file has the fields it uses, and the provider's declared schema promises
 * them. An empty list means every consumer is served.
 */
export function checkContracts({
  provider,
  manifest,
  consumers,
  readBuiltJson,
}: ContractCheckInput): ContractProblem[] {
  const build = providerBuild(provider, manifest, readBuiltJson);
  const problems: ContractProblem[] = [];
  for (const { consumer: who, modules, data } of consumers) {
    for (const use of Object.values(modules)) {
      if (use.from !== provider) continue;
      const id = peerModuleId(use);
      for (const message of moduleProblems(build, who, use)) {
        problems.push({ consumer: who, use: id, message: `${id} ${message}` });
      }
    }
    for (const use of Object.values(data)) {
      if (use.from !== provider) continue;
      const id = `${provider} data ${use.name}`;
      for (const message of dataProblems(build, who, use)) {
        problems.push({ consumer: who, use: id, message: `${id}${message}` });
      }
    }
  }
  return problems;
}

/** What a provider's build says of itself, for the checks of each use. */
interface ProviderBuild {
  provider: RemoteName;
  exposed: Set<string>;
  declared: NonNullable<ProviderContract["modules"]>;
  declaredData: NonNullable<ProviderContract["data"]>;
  published: Record<string, string>;
  readBuiltJson: ContractCheckInput["readBuiltJson"];
}

function providerBuild(
  provider: RemoteName,
  manifest: unknown,
  readBuiltJson: ContractCheckInput["readBuiltJson"],
): ProviderBuild {
  const built = (manifest ?? {}) as BuiltManifest;
  const contract = built.metaData?.[MANIFEST_CONTRACTS_FIELD] as ProviderContract | undefined;
  return {
    provider,
    exposed: new Set((built.exposes ?? []).map((e) => e.path ?? `./${e.name ?? ""}`)),
    declared: contract?.modules ?? {},
    declaredData: contract?.data ?? {},
    published: (built.metaData?.[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined)?.data ?? {},
    readBuiltJson,
  };
}

type ModuleUseOf = ConsumerContract["modules"][string];
type DataUseOf = ConsumerContract["data"][string];

/** A module a consumer renders: still exposed, and taking the props it passes. */
function moduleProblems(build: ProviderBuild, who: string, use: ModuleUseOf): string[] {
  if (!build.exposed.has(use.module)) return [`is no longer exposed (removed or renamed), and ${who} renders it`];
  const props = Object.hasOwn(build.declared, use.module) ? build.declared[use.module]?.props : undefined;
  if (!props) {
    const passes = Object.keys(use.props._zod.def.shape).length > 0;
    return passes ? [`declares no props in ${build.provider}'s manifest, and ${who} passes some`] : [];
  }
  return [...narrowing(jsonSchemaOf(use.props, "input"), propsSchema(props), "", passing(who))];
}

/** A data file a consumer reads: still published, today's file has its fields, and the declared shape promises them. */
function dataProblems(build: ProviderBuild, who: string, use: DataUseOf): string[] {
  const file = Object.hasOwn(build.published, use.name) ? build.published[use.name] : undefined;
  if (!file) return [` is no longer published, and ${who} reads it`];
  const value = build.readBuiltJson(file);
  if (value === undefined) return [`: ${file} is missing from the build`];
  const problems = valueProblems(use.shape, value).map((problem) => `: ${problem}, and ${who} reads it`);
  // what the provider promises to publish must hold what the consumer reads, not only today's file
  const promised = Object.hasOwn(build.declaredData, use.name) ? build.declaredData[use.name]?.shape : undefined;
  if (!promised) return [...problems, `: ${build.provider} declares no shape for it in its manifest`];
  for (const message of narrowing(dataSchema(promised), jsonSchemaOf(use.shape, "input"), "", reading(who))) {
    problems.push(` ${message}`);
  }
  return problems;
}

/** How many uses of this provider the consumers declare (for the check's report). */
export function countUses(provider: RemoteName, consumers: readonly ConsumerContract[]): number {
  return consumers.reduce(
    (sum, c) =>
      sum +
      Object.values(c.modules).filter((u) => u.from === provider).length +
      Object.values(c.data).filter((u) => u.from === provider).length,
    0,
  );
}
