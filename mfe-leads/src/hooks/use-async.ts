import { useEffect, useState } from "react";

export type AsyncState<T> = { status: "loading" } | { status: "done"; value: T } | { status: "failed" };

/** Runs a lookup when its key changes; a stale answer for an old key is dropped. */
export function useAsync<T>(key: string, load: () => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the lookup
  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    load().then(
      (value) => current && setState({ status: "done", value }),
      () => current && setState({ status: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
