import type { RemoteName } from "shared-types";

/**
 * Contracts between teams, in code every side reads: a consumer declares the peer modules it renders (with the
 * props it passes) and the peer data it reads (with the fields it uses); a provider declares the props its exposed
 * modules take, and its build writes that into its manifest (metaData.contracts). A provider's pipeline checks
 * its built manifest and data against every consumer's declarations (remote-kit/contracts-check), so a removed,
 * renamed or incompatibly changed module fails that provider's own build, not production.
 */

export type Descriptor =
  | { readonly kind: "string" }
  | { readonly kind: "number" }
  | { readonly kind: "boolean" }
  | { readonly kind: "oneOf"; readonly values: readonly string[] }
  | { readonly kind: "shape"; readonly fields: Readonly<Record<string, Field>> }
  | { readonly kind: "list"; readonly items: Descriptor }
  | { readonly kind: "dictionary"; readonly values: Descriptor };

/** A field of a shape or a prop: always there, or `optional` (sometimes passed / may be absent). */
export type Field = Descriptor | { readonly optional: Descriptor };

export const t = {
  string: { kind: "string" } as const,
  number: { kind: "number" } as const,
  boolean: { kind: "boolean" } as const,
  oneOf: <const V extends readonly string[]>(...values: V) => ({ kind: "oneOf", values }) as const,
  shape: <const F extends Readonly<Record<string, Field>>>(fields: F) => ({ kind: "shape", fields }) as const,
  list: <const D extends Descriptor>(items: D) => ({ kind: "list", items }) as const,
  dictionary: <const D extends Descriptor>(values: D) => ({ kind: "dictionary", values }) as const,
  optional: <const D extends Descriptor>(type: D) => ({ optional: type }) as const,
};

export const isOptional = (field: Field): field is { readonly optional: Descriptor } => "optional" in field;
export const typeOf = (field: Field): Descriptor => (isOptional(field) ? field.optional : field);

/** The TypeScript type a descriptor stands for. */
export type TypeOf<D> = D extends { kind: "string" }
  ? string
  : D extends { kind: "number" }
    ? number
    : D extends { kind: "boolean" }
      ? boolean
      : D extends { kind: "oneOf"; values: readonly (infer V)[] }
        ? V
        : D extends { kind: "shape"; fields: infer F }
          ? ShapeOf<F>
          : D extends { kind: "list"; items: infer I }
            ? readonly TypeOf<I>[]
            : D extends { kind: "dictionary"; values: infer V }
              ? Readonly<Record<string, TypeOf<V>>>
              : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type ShapeOf<F> = Simplify<
  { readonly [K in keyof F as F[K] extends { optional: unknown } ? never : K]: TypeOf<F[K]> } & {
    readonly [K in keyof F as F[K] extends { optional: unknown } ? K : never]?: F[K] extends { optional: infer D }
      ? TypeOf<D>
      : never;
  }
>;

/** A peer module a consumer renders: whose, which exposed module, and the props it passes. */
export interface ModuleUse {
  readonly from: RemoteName;
  /** As exposed: "./vehicle-contact-form". */
  readonly module: `./${string}`;
  readonly props: Readonly<Record<string, Field>>;
}

/** Peer data a consumer reads: whose, which published file, and the fields it uses. */
export interface DataUse {
  readonly from: RemoteName;
  readonly name: string;
  readonly shape: Descriptor;
}

export interface ConsumerContract {
  /** The consumer: a remote, or the host. */
  readonly consumer: RemoteName | "host";
  readonly modules: Readonly<Record<string, ModuleUse>>;
  readonly data: Readonly<Record<string, DataUse>>;
}

export interface ProviderContract {
  /** Exposed module → the props it takes. */
  readonly modules: Readonly<Record<`./${string}`, { readonly props: Readonly<Record<string, Field>> }>>;
  /**
   * Published data (the renderer's publishedData, dist/data/{name}.json) → its shape: what the provider promises
   * every consumer, the provider's own type of it derived from here (ProvidedData).
   */
  readonly data?: Readonly<Record<string, { readonly shape: Descriptor }>>;
}

/** The type of a file a provider publishes, from its declared shape. */
export type ProvidedData<P extends ProviderContract, Name extends keyof NonNullable<P["data"]>> = TypeOf<
  NonNullable<P["data"]>[Name]["shape"]
>;

/** Every remote exposes its route table as "./routes": the host renders it. */
export const REMOTE_ROUTES_MODULE = "./routes";

/** The manifest field a provider's build writes its contract into. */
export const MANIFEST_CONTRACTS_FIELD = "contracts";

export function defineConsumes<const C extends ConsumerContract>(contract: C): C {
  return contract;
}

export function defineProvides<const P extends ProviderContract>(contract: P): P {
  return contract;
}

/** The props a declared module use passes (what the consumer's code may give it). */
export type PropsOfUse<U extends ModuleUse> = ShapeOf<U["props"]>;

/** The data a declared data use reads (only the fields the consumer declared). */
export type DataOfUse<U extends DataUse> = TypeOf<U["shape"]>;

/** The id the host's loader takes for a module use: "leads/vehicle-contact-form". */
export function peerModuleId(use: Pick<ModuleUse, "from" | "module">): string {
  return `${use.from}/${use.module.replace(/^\.\//, "")}`;
}
