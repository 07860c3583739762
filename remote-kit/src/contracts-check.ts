import type { RemoteName } from "shared-types";
import {
  type ConsumerContract,
  type Descriptor,
  type Field,
  isOptional,
  MANIFEST_CONTRACTS_FIELD,
  type ProviderContract,
  peerModuleId,
  typeOf,
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

function describe(d: Descriptor): string {
  switch (d.kind) {
    case "oneOf":
      return `one of ${d.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "shape":
      return "an object";
    case "list":
      return `a list of ${describe(d.items)}`;
    case "dictionary":
      return `a dictionary of ${describe(d.values)}`;
    default:
      return `a ${d.kind}`;
  }
}

/** What a consumer passes (`given`) against what the provider takes (`taken`); problems as sentences. */
function compareFields(
  given: Readonly<Record<string, Field>>,
  taken: Readonly<Record<string, Field>>,
  path: string,
  who: string,
): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(taken)) {
    const passed = Object.hasOwn(given, name) ? given[name] : undefined;
    if (!isOptional(field) && (passed === undefined || isOptional(passed))) {
      problems.push(`now requires ${path}${name}, which ${who} does not always pass`);
    }
  }
  for (const [name, field] of Object.entries(given)) {
    const expected = Object.hasOwn(taken, name) ? taken[name] : undefined;
    if (expected === undefined) {
      problems.push(`no longer takes ${path}${name}, which ${who} passes (removed or renamed)`);
      continue;
    }
    problems.push(...compareTypes(typeOf(field), typeOf(expected), `${path}${name}`, who));
  }
  return problems;
}

function compareTypes(given: Descriptor, taken: Descriptor, path: string, who: string): string[] {
  if (given.kind !== taken.kind) return [`takes ${path} as ${describe(taken)}, ${who} passes ${describe(given)}`];
  if (given.kind === "oneOf" && taken.kind === "oneOf") {
    const refused = given.values.filter((value) => !taken.values.includes(value));
    return refused.length > 0
      ? [`no longer accepts ${refused.map((v) => JSON.stringify(v)).join(", ")} for ${path}, which ${who} may pass`]
      : [];
  }
  if (given.kind === "shape" && taken.kind === "shape")
    return compareFields(given.fields, taken.fields, `${path}.`, who);
  if (given.kind === "list" && taken.kind === "list") return compareTypes(given.items, taken.items, `${path}[]`, who);
  if (given.kind === "dictionary" && taken.kind === "dictionary") {
    return compareTypes(given.values, taken.values, `${path}{}`, who);
  }
  return [];
}

/** What a provider declares it publishes (`published`) against what a consumer reads of it (`read`). */
function compareData(published: Descriptor, read: Descriptor, path: string, who: string): string[] {
  const where = path || "the data";
  if (published.kind !== read.kind) {
    return [`publishes ${where} as ${describe(published)}, and ${who} reads ${describe(read)}`];
  }
  if (published.kind === "oneOf" && read.kind === "oneOf") {
    const unread = published.values.filter((value) => !read.values.includes(value));
    return unread.length > 0
      ? [`may publish ${unread.map((v) => JSON.stringify(v)).join(", ")} for ${where}, which ${who} does not read`]
      : [];
  }
  if (published.kind === "shape" && read.kind === "shape") {
    return Object.entries(read.fields).flatMap(([name, field]) => {
      const at = `${path ? `${path}.` : ""}${name}`;
      const declared = Object.hasOwn(published.fields, name) ? published.fields[name] : undefined;
      if (declared === undefined) return [`publishes no ${at}, which ${who} reads`];
      const sometimes = isOptional(declared) && !isOptional(field);
      return [
        ...(sometimes ? [`publishes ${at} only sometimes, and ${who} reads it always`] : []),
        ...compareData(typeOf(declared), typeOf(field), at, who),
      ];
    });
  }
  if (published.kind === "list" && read.kind === "list")
    return compareData(published.items, read.items, `${path}[]`, who);
  if (published.kind === "dictionary" && read.kind === "dictionary") {
    return compareData(published.values, read.values, `${path}{}`, who);
  }
  return [];
}

/** Where a value does not have the shape a descriptor gives it (at most a few, with the first bad item's path). */
export function shapeProblems(value: unknown, shape: Descriptor): string[] {
  return validate(value, shape, "");
}

/** Where real data does not have what a consumer reads from it (at most a few, with the first bad item's path). */
function validate(value: unknown, shape: Descriptor, path: string): string[] {
  const where = path || "the data";
  switch (shape.kind) {
    case "string":
    case "number":
    case "boolean":
      return typeof value === shape.kind ? [] : [`${where} is not ${describe(shape)}`];
    case "oneOf":
      return typeof value === "string" && shape.values.includes(value) ? [] : [`${where} is not ${describe(shape)}`];
    case "list": {
      if (!Array.isArray(value)) return [`${where} is not a list`];
      for (const [index, item] of value.entries()) {
        const problems = validate(item, shape.items, `${path}[${index}]`);
        if (problems.length > 0) return problems;
      }
      return [];
    }
    case "dictionary": {
      if (!value || typeof value !== "object" || Array.isArray(value)) return [`${where} is not a dictionary`];
      for (const [key, item] of Object.entries(value)) {
        const problems = validate(item, shape.values, `${path}.${key}`);
        if (problems.length > 0) return problems;
      }
      return [];
    }
    case "shape": {
      if (!value || typeof value !== "object" || Array.isArray(value)) return [`${where} is not an object`];
      const record = value as Record<string, unknown>;
      return Object.entries(shape.fields).flatMap(([name, field]) => {
        const present = Object.hasOwn(record, name) && record[name] !== undefined;
        if (!present) return isOptional(field) ? [] : [`${path ? `${path}.` : ""}${name} is missing`];
        return validate(record[name], typeOf(field), `${path ? `${path}.` : ""}${name}`);
      });
    }
  }
}

/**
 * Checks a provider's build against every consumer's declarations: each module a consumer renders is still
 * exposed and takes the props it passes (as the provider's manifest declares them); each data file a consumer
 * reads is still published and has the fields it uses. An empty list means every consumer is served.
 */
export function checkContracts({
  provider,
  manifest,
  consumers,
  readBuiltJson,
}: ContractCheckInput): ContractProblem[] {
  const built = (manifest ?? {}) as BuiltManifest;
  const exposed = new Set((built.exposes ?? []).map((e) => e.path ?? `./${e.name ?? ""}`));
  const contract = built.metaData?.[MANIFEST_CONTRACTS_FIELD] as ProviderContract | undefined;
  const declared = contract?.modules ?? {};
  const declaredData = contract?.data ?? {};
  const published = (built.metaData?.[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined)?.data ?? {};
  const problems: ContractProblem[] = [];

  for (const contract of consumers) {
    const who = contract.consumer;
    for (const use of Object.values(contract.modules)) {
      if (use.from !== provider) continue;
      const id = peerModuleId(use);
      const report = (message: string) => problems.push({ consumer: who, use: id, message: `${id} ${message}` });
      if (!exposed.has(use.module)) {
        report(`is no longer exposed (removed or renamed), and ${who} renders it`);
        continue;
      }
      const props = Object.hasOwn(declared, use.module) ? declared[use.module]?.props : undefined;
      if (!props) {
        if (Object.keys(use.props).length > 0)
          report(`declares no props in ${provider}'s manifest, and ${who} passes some`);
        continue;
      }
      for (const message of compareFields(use.props, props, "", who)) report(message);
    }
    for (const use of Object.values(contract.data)) {
      if (use.from !== provider) continue;
      const id = `${provider} data ${use.name}`;
      const file = Object.hasOwn(published, use.name) ? published[use.name] : undefined;
      if (!file) {
        problems.push({ consumer: who, use: id, message: `${id} is no longer published, and ${who} reads it` });
        continue;
      }
      const value = readBuiltJson(file);
      if (value === undefined) {
        problems.push({ consumer: who, use: id, message: `${id}: ${file} is missing from the build` });
        continue;
      }
      for (const message of validate(value, use.shape, "").slice(0, 5)) {
        problems.push({ consumer: who, use: id, message: `${id}: ${message}, and ${who} reads it` });
      }
      // what the provider promises to publish must hold what the consumer reads, not only today's file
      const promised = Object.hasOwn(declaredData, use.name) ? declaredData[use.name]?.shape : undefined;
      if (!promised) {
        problems.push({
          consumer: who,
          use: id,
          message: `${id}: ${provider} declares no shape for it in its manifest`,
        });
        continue;
      }
      for (const message of compareData(promised, use.shape, "", who)) {
        problems.push({ consumer: who, use: id, message: `${id} ${message}` });
      }
    }
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
