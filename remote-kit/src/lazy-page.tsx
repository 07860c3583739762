import { type ComponentType, type ReactElement, use } from "react";

/** A page whose code is its own chunk: the server (and a prepared browser) render it at once, others wait for it. */
export interface LazyPage<P extends object = object> {
  (props: P): ReactElement;
  /** Loads the page's code; the server renderer awaits it before rendering. */
  preload(): Promise<void>;
}

type TrackedPromise = Promise<void> & { status?: "fulfilled"; value?: undefined };

/**
 * Splits a page out of the remote's route table, so a visitor downloads the page they open, not every page the
 * remote owns. Unlike React.lazy it renders synchronously once loaded (its promise is marked fulfilled, which use()
 * reads without suspending), as the server's single-pass render needs; while its code loads in the browser, the
 * nearest Suspense boundary keeps the server's HTML (hydration) or shows its fallback (a navigation).
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let Page: ComponentType<P> | null = null;
  let pending: TrackedPromise | null = null;
  const preload = (): TrackedPromise => {
    pending ??= load().then((component) => {
      Page = component;
      Object.assign(pending as TrackedPromise, { status: "fulfilled", value: undefined });
    });
    return pending;
  };
  const Lazy = ((props: P) => {
    use(preload() as Promise<void>);
    const Loaded = Page as unknown as ComponentType<P>;
    return <Loaded {...props} />;
  }) as LazyPage<P>;
  Lazy.preload = preload;
  return Lazy;
}

export const isLazyPage = (element: unknown): element is LazyPage =>
  typeof element === "function" && "preload" in element;
