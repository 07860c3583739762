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
export const RouteDataContext = createContext<{ entries: Map<string, unknown> } | null>(null);

export type ResourceState<T> =
  | { status: "loading"; previous: T | undefined }
  | { status: "done"; value: T }
  | { status: "failed"; error: unknown };

const NOT_LOADED_ON_SERVER = new Error("not loaded before the server rendered the page");

/**
 * A resource's state for these arguments. It starts "done" when the server loaded it (so the first render in the
 * browser matches the server's HTML), otherwise "loading" with the previous value kept for a reloading indicator.
 * `resource` null means "nothing to load yet".
 */
export function useResource<A extends unknown[], T>(resource: Resource<A, T> | null, ...args: A): ResourceState<T> {
  const store = useContext(RouteDataContext);
  const server = useContext(ServerRenderContext) !== null;
  const key = resource ? resource.key(...args) : null;
  const startingState = (previous?: T): ResourceState<T> => {
    if (key !== null && store?.entries.has(key)) return { status: "done", value: store.entries.get(key) as T };
    // the server's HTML is final (nothing hydrates it to load more): what its loader could not get is not there
    if (server && key !== null) return { status: "failed", error: NOT_LOADED_ON_SERVER };
    return { status: "loading", previous };
  };
  const [entry, setEntry] = useState(() => ({ key, state: startingState() }));
  let current = entry;
  if (entry.key !== key) {
    // new arguments (a navigation within the page): keep what was shown as `previous` while the new one loads
    const { state } = entry;
    current = {
      key,
      state: startingState(state.status === "done" ? state.value : (state as { previous?: T }).previous),
    };
    setEntry(current);
  }
  const latest = useRef({ resource, args });
  latest.current = { resource, args };
  const loading = current.state.status === "loading";

  useEffect(() => {
    const { resource: r, args: a } = latest.current;
    if (!r || key === null || !loading) return;
    let live = true;
    const settle = (state: ResourceState<T>) => live && setEntry((e) => (e.key === key ? { key, state } : e));
    r.load(...a).then(
      (value) => settle({ status: "done", value }),
      (error: unknown) => settle({ status: "failed", error }),
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
    const handed = store?.entries.has(key) ? { value: store.entries.get(key) as T } : null;
    if (typeof window === "undefined") return handed ? handed.value : create();
    if (handed || !browserStableValues.has(key)) browserStableValues.set(key, handed ? handed.value : create());
    return browserStableValues.get(key) as T;
  });
  return value;
}
