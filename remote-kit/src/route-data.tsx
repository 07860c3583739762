import { createContext, useContext, useEffect, useRef, useState } from "react";
import { ServerRenderContext } from "./server-state.js";

/**
 * A piece of data a page needs, named so that the server's loader and the page's hook agree on it: the server
 * loads it before rendering and hands it to the browser under its key; the browser starts from it while
 * hydrating, and loads it itself on later navigations.
 */
export interface Resource<A extends unknown[], T> {
  readonly name: string;
  key(...args: A): string;
  load(...args: A): Promise<T>;
  /**
   * What a page showing this data must be purged with when the data changes (shared-types CACHE_TAGS): from the
   * loaded value, or from the arguments alone when it could not be loaded (a unit not found may come back).
   */
  cacheTags?(value: T | undefined, ...args: A): readonly string[];
}

export function defineResource<A extends unknown[], T>(
  name: string,
  load: (...args: A) => Promise<T>,
  options: Pick<Resource<A, T>, "cacheTags"> = {},
): Resource<A, T> {
  return { name, key: (...args) => `${name}:${JSON.stringify(args)}`, load, ...options };
}

/** The data a region starts from: filled by the server's loaders, or read from the page while hydrating. */
export interface RouteDataStore {
  entries: Map<string, unknown>;
}

export const RouteDataContext = createContext<RouteDataStore | null>(null);

export type ResourceState<T> =
  | { status: "loading"; previous: T | undefined }
  | { status: "done"; value: T }
  | { status: "failed"; error: unknown };

interface Keyed<T> {
  key: string | null;
  state: ResourceState<T>;
}

const NOT_LOADED_ON_SERVER = new Error("not loaded before the server rendered the page");

function startingState<T>(
  store: RouteDataStore | null,
  key: string | null,
  previous?: T,
  server = false,
): ResourceState<T> {
  if (key !== null && store?.entries.has(key)) return { status: "done", value: store.entries.get(key) as T };
  // the server's HTML is final (nothing hydrates it to load more): what its loader could not get is not there
  if (server && key !== null) return { status: "failed", error: NOT_LOADED_ON_SERVER };
  return { status: "loading", previous };
}

/**
 * A resource's state for these arguments. It starts "done" when the server loaded it (so the first render in the
 * browser matches the server's HTML), otherwise "loading" with the previous value kept for a reloading indicator.
 * `resource` null means "nothing to load yet".
 */
export function useResource<A extends unknown[], T>(resource: Resource<A, T> | null, ...args: A): ResourceState<T> {
  const store = useContext(RouteDataContext);
  const server = useContext(ServerRenderContext) !== null;
  const key = resource ? resource.key(...args) : null;
  const [entry, setEntry] = useState<Keyed<T>>(() => ({ key, state: startingState<T>(store, key, undefined, server) }));
  let current = entry;
  if (entry.key !== key) {
    // new arguments (a navigation within the page): keep what was shown as `previous` while the new one loads
    const { state } = entry;
    const shown = state.status === "done" ? state.value : state.status === "loading" ? state.previous : undefined;
    current = { key, state: startingState(store, key, shown, server) };
    setEntry(current);
  }
  const latest = useRef({ resource, args });
  latest.current = { resource, args };
  const loading = current.state.status === "loading";

  useEffect(() => {
    const { resource: r, args: a } = latest.current;
    if (!r || key === null || !loading) return;
    let live = true;
    r.load(...a).then(
      (value) => live && setEntry((e) => (e.key === key ? { key, state: { status: "done", value } } : e)),
      (error: unknown) => live && setEntry((e) => (e.key === key ? { key, state: { status: "failed", error } } : e)),
    );
    return () => {
      live = false;
    };
  }, [key, loading]);

  return current.state;
}

const browserStableValues = new Map<string, unknown>();

/**
 * A value that must be the same in the server's render and the browser's (a random seed): the server's loader
 * creates it (LoaderContext.value) and hands it over; the browser keeps it for the rest of the visit.
 */
export function useStableValue<T>(key: string, create: () => T): T {
  const store = useContext(RouteDataContext);
  const [value] = useState<T>(() => {
    if (store?.entries.has(key)) {
      const handed = store.entries.get(key) as T;
      if (typeof window !== "undefined") browserStableValues.set(key, handed);
      return handed;
    }
    if (typeof window === "undefined") return create();
    if (!browserStableValues.has(key)) browserStableValues.set(key, create());
    return browserStableValues.get(key) as T;
  });
  return value;
}
