import type { RemoteName } from "shared-types";
import { z } from "zod/mini";
import {
  type ObjectSchema,
  type ProviderContract,
  providedContract,
  REMOTE_ROUTES_MODULE,
  type Schema,
  type ShapeOf,
  type TypeOf,
} from "./contracts.js";

/** A module other teams' pages render (a form, a fragment): its source file and the props it takes. */
export interface ProvidedModule {
  /** Relative to the remote's package: "./src/forms/contact-form.tsx". */
  readonly source: string;
  /** Its props as a zod object (z.object({ stockNumber: z.string() })); none: z.object({}). */
  readonly props: ObjectSchema;
  /**
   * Props its form can take from the page instead (hidden fields the page gives the form, `form="<its id>"`): when
   * a consumer says its page gives them (FragmentInclude.pageGives), the host leaves them out of the request, so
   * one fragment serves every such page (FragmentResult.takesFromPage).
   */
  readonly takesFromPage?: readonly string[];
}

/**
 * What a remote is, in one place (its src/remote.ts): the build config, the server entry, the manifest and the
 * contract checks all read it. Data only (no React, no CSS): Vite's config loads it as it is.
 */
export interface RemoteDeclaration {
  readonly name: RemoteName;
  readonly devPort: number;
  /**
   * Its route table (exposed as "./routes"): each route's pattern, loader, query, privacy and sitemap entries are
   * written there, beside the page it renders; the manifest's routes and the sitemap are derived from it.
   */
  readonly routes: string;
  /** The interactive parts of its own pages (remote-kit defineIsland), each hydrated on its own: name → source. */
  readonly islands?: Readonly<Record<`./island/${string}`, string>>;
  /** What other teams' pages render of it, as server fragments (each an island): name → source and props. */
  readonly fragments?: Readonly<Record<`./${string}`, ProvidedModule>>;
  /**
   * Data it publishes for peers (dist/data/{name}.json): name → its zod schema, the one promise every consumer is
   * checked against.
   */
  readonly data?: Readonly<Record<string, { readonly shape: Schema }>>;
  /** The variables its build reads (Vite's VITE_ ones): name → what it sets, and what holds when it is unset. */
  readonly buildVariables?: Readonly<Record<`VITE_${string}`, string>>;
}

/** When a remote's build was made (the kit defines it in every build): the sitemap's lastmod of its own pages. */
export const BUILT_AT_VARIABLE = "VITE_BUILT_AT";

export function defineRemote<const D extends RemoteDeclaration>(declaration: D): D {
  return declaration;
}

/** The props a remote's fragment takes, typed from its declaration. */
export type FragmentProps<D extends RemoteDeclaration, Name extends keyof NonNullable<D["fragments"]>> = NonNullable<
  D["fragments"]
>[Name] extends ProvidedModule
  ? ShapeOf<NonNullable<D["fragments"]>[Name]["props"]>
  : never;

/** The type of data a remote publishes, from the schema its declaration gives. */
export type PublishedData<D extends RemoteDeclaration, Name extends keyof NonNullable<D["data"]>> = TypeOf<
  NonNullable<D["data"]>[Name]["shape"]
>;

/** Module Federation's exposes. */
export function exposesOf(declaration: RemoteDeclaration): Record<string, string> {
  const fragments = Object.entries(declaration.fragments ?? {}).map(([name, module]) => [name, module.source]);
  return { [REMOTE_ROUTES_MODULE]: declaration.routes, ...declaration.islands, ...Object.fromEntries(fragments) };
}

/**
 * What it promises its consumers (written into its manifest as JSON Schema): each rendered module's props, and its
 * data's shapes.
 */
export function providesOf(declaration: RemoteDeclaration): ProviderContract {
  return providedContract(
    { [REMOTE_ROUTES_MODULE]: { props: z.object({}) }, ...declaration.fragments },
    declaration.data,
  );
}

export const publishedDataOf = (declaration: RemoteDeclaration): string[] => Object.keys(declaration.data ?? {});

/**
 * The fragments' components, found among the modules a server entry (in src/) globbed (import.meta.glob, eager) by
 * the sources the declaration names: a declared fragment with no module is a build error, not a missing form.
 */
export function declaredModules<M>(declaration: RemoteDeclaration, globbed: Record<string, M>): Record<string, M> {
  return Object.fromEntries(
    Object.entries(declaration.fragments ?? {}).map(([name, module]) => {
      const key = module.source.replace(/^\.\/src\//, "./");
      const where = `${declaration.name} declares ${name} at ${module.source}`;
      if (!globbed[key]) throw new Error(`${where}, which its server entry did not find`);
      return [name, globbed[key]];
    }),
  );
}
