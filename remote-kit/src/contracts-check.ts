import type { RemoteName } from "shared-types";
import {
  type ConsumerContract,
  type DataUse,
  type JsonSchema,
  jsonSchemaOf,
  MANIFEST_CONTRACTS_FIELD,
  type ModuleUse,
  type ProviderContract,
  peerModuleId,
  valueProblems,
} from "./contracts.js";
import { MANIFEST_SERVER_FIELD, type RemoteServerInfo } from "./protocol.js";

/** One way a provider's build no longer serves what a consumer uses. */
export type ContractProblem = { consumer: string; message: string };

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

const passing = (who: string) => ({
  whole: "the props",
  required: (at: string) => `now requires ${at}, which ${who} does not always pass`,
  sometimes: undefined,
  refusedKey: (at: string) => `no longer takes ${at}, which ${who} passes (removed or renamed)`,
  neverGiven: undefined,
  retyped: (at: string, given: string, taken: string) => `takes ${at} as ${taken}, ${who} passes ${given}`,
  refusedValues: (values: string, at: string) => `no longer accepts ${values} for ${at}, which ${who} may pass`,
});

const reading = (who: string) => ({
  whole: "the data",
  required: (at: string) => `publishes no ${at}, which ${who} reads`,
  sometimes: (at: string) => `publishes ${at} only sometimes, and ${who} reads it always`,
  refusedKey: (at: string) => `publishes ${at}, which ${who} refuses (it reads a strict object)`,
  neverGiven: (at: string) => `publishes no ${at}, which ${who} reads`,
  retyped: (at: string, published: string, read: string) => `publishes ${at} as ${published}, and ${who} reads ${read}`,
  refusedValues: (values: string, at: string) => `may publish ${values} for ${at}, which ${who} does not read`,
});

/**
 * How a difference reads, one way round: what a consumer passes against what a module takes, or what a provider
 * publishes against what a consumer reads. `from` is the side values come from, `into` the side that takes them.
 * `sometimes` words a key `into` requires and `from` gives only sometimes (none: as `required`); `neverGiven` a key
 * `into` may take and `from` (a closed object) never gives (none: no problem).
 */
type Wording = ReturnType<typeof passing> | ReturnType<typeof reading>;

const UNCOMPARED = ["anyOf", "oneOf", "allOf", "not", "$ref", "if"] as const;
const schemaAt = (schema: JsonSchema["items"]): JsonSchema =>
  typeof schema === "object" && !Array.isArray(schema) ? schema : {};
const valuesOf = (s: JsonSchema) =>
  (s.enum ?? (s.const !== undefined ? [s.const] : undefined))?.map((v) => JSON.stringify(v));
const isDictionary = (s: JsonSchema) => !s.properties && typeof s.additionalProperties === "object";
const joined = (path: string, key: string) => (path ? `${path}.${key}` : key);
const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string) =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;

function describe(s: JsonSchema): string {
  const values = valuesOf(s);
  if (values) return `one of ${values.join(", ")}`;
  if (s.type === "array") return `a list of ${describe(schemaAt(s.items))}`;
  if (s.type === "object")
    return isDictionary(s) ? `a dictionary of ${describe(schemaAt(s.additionalProperties))}` : "an object";
  if (s.type === "integer") return "a whole number";
  return s.type ? `a ${s.type}` : "anything";
}

/**
 * Where some value `from` allows is not one `into` accepts: the smallest "is A a subset of B" our shapes need.
 * (JSON Schema diffing libraries compare whole value sets: a consumer's open props would never fit a module's
 * closed ones, and their answers do not say which key a team must change.)
 */
function narrowing(from: JsonSchema, into: JsonSchema, at: string, words: Wording): string[] {
  const where = at || words.whole;
  const uncompared = UNCOMPARED.find((keyword) => keyword in from || keyword in into);
  if (uncompared) return [`${where} uses ${uncompared}, which the contract check does not compare: declare it plainly`];
  const accepted = valuesOf(into);
  if (!into.type && !accepted) return [];
  const given = valuesOf(from);
  const widened = from.type === "integer" && into.type === "number";
  if ((from.type !== into.type && !widened) || isDictionary(from) !== isDictionary(into) || (accepted && !given)) {
    return [words.retyped(where, describe(from), describe(into))];
  }
  if (accepted) {
    const refused = given?.filter((value) => !accepted.includes(value)) ?? [];
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
      if (needed.has(key) && !always.has(key)) problems.push((words.sometimes ?? words.required)(joined(at, key)));
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

export const usesOf = (provider: RemoteName, consumer: ConsumerContract): (ModuleUse | DataUse)[] =>
  [...Object.values(consumer.modules), ...Object.values(consumer.data)].filter((use) => use.from === provider);

/**
 * Checks a provider's build against every consumer's declarations: each module a consumer renders is still
 * exposed and takes the props it passes (as the provider's manifest declares them); each data file a consumer
 * reads is still published, today's file has the fields it uses, and the provider's declared schema promises
 * them. An empty list means every consumer is served.
 */
export function checkContracts(input: ContractCheckInput): ContractProblem[] {
  const { provider, readBuiltJson } = input;
  const { exposes = [], metaData = {} } = (input.manifest ?? {}) as BuiltManifest;
  const exposed = new Set(exposes.map((e) => e.path ?? `./${e.name ?? ""}`));
  const contract = metaData[MANIFEST_CONTRACTS_FIELD] as ProviderContract | undefined;
  const published = (metaData[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined)?.data;

  const moduleProblems = (who: string, use: ModuleUse): string[] => {
    const id = peerModuleId(use);
    if (!exposed.has(use.module)) return [`${id} is no longer exposed (removed or renamed), and ${who} renders it`];
    const props = own(contract?.modules, use.module)?.props;
    if (!props) {
      const passes = Object.keys(use.props._zod.def.shape).length > 0;
      return passes ? [`${id} declares no props in ${provider}'s manifest, and ${who} passes some`] : [];
    }
    return narrowing(jsonSchemaOf(use.props, "input"), props, "", passing(who)).map((message) => `${id} ${message}`);
  };

  const dataProblems = (who: string, use: DataUse): string[] => {
    const id = `${provider} data ${use.name}`;
    const file = own(published, use.name);
    if (!file) return [`${id} is no longer published, and ${who} reads it`];
    const value = readBuiltJson(file);
    if (value === undefined) return [`${id}: ${file} is missing from the build`];
    const problems = valueProblems(use.shape, value).map((problem) => `${id}: ${problem}, and ${who} reads it`);
    // what the provider promises to publish must hold what the consumer reads, not only today's file
    const promised = own(contract?.data, use.name)?.shape;
    if (!promised) return [...problems, `${id}: ${provider} declares no shape for it in its manifest`];
    const narrowed = narrowing(promised, jsonSchemaOf(use.shape, "input"), "", reading(who));
    return [...problems, ...narrowed.map((message) => `${id} ${message}`)];
  };

  return input.consumers.flatMap((declared) => {
    const who = declared.consumer;
    return usesOf(provider, declared)
      .flatMap((use) => ("module" in use ? moduleProblems(who, use) : dataProblems(who, use)))
      .map((message) => ({ consumer: who, message }));
  });
}
