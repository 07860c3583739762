import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState } from "react";
import { readSiteDocument } from "remote-kit";
import { Navigate, useLocation } from "remote-kit/router";
import type { RemoteName } from "shared-types";
import { ErrorBoundary } from "../../shell/components/error-boundary";
import { loadRemoteRoutes } from "../api/remote-registry";
import { remoteForPath } from "../remote-for-path";
import { RemoteLoading, RemoteUnavailable } from "./remote-unavailable";

/**
 * On the server: what the host is composing into the region. "composed" puts the remote's server HTML (swapped in
 * for the slot) inside the Suspense boundary the browser hydrates; "shell" leaves the region to the browser.
 */
export type ServerRegion = { kind: "composed"; remote: RemoteName } | { kind: "shell" };
export const ServerRegionContext = createContext<ServerRegion | null>(null);
export const fragmentSlot = (remote: RemoteName) => `<template data-fragment-slot="${remote}"></template>`;

/** True until the page the server sent has been hydrated; later renders are the browser's own. */
let hydrating = typeof document !== "undefined";
export const markHydrated = () => {
  hydrating = false;
};

/** Renders whichever remote owns the current path; an unknown path goes home (SPEC §2; the server answers 301). */
export function RemoteRegion() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  if (!remote) return <Navigate to="/" replace />;
  return <RemoteMount key={remote} name={remote} pathname={pathname} />;
}

function FragmentSlot({ remote }: { remote: RemoteName }) {
  return <template data-fragment-slot={remote} />;
}

function RemoteMount({ name, pathname }: { name: RemoteName; pathname: string }) {
  const server = useContext(ServerRegionContext);
  // Hydrating a page whose region the server left empty: render what it sent (the loading state), then load.
  const [clientOnly, setClientOnly] = useState(
    () => !server && hydrating && readSiteDocument()?.composed?.remote !== name,
  );
  useEffect(() => setClientOnly(false), []);
  const [attempt, setAttempt] = useState(0);
  // a new lazy component per attempt: React.lazy remembers a rejection forever
  const RemoteRoutes = useMemo(() => lazy(() => loadRemoteRoutes(name, attempt)), [name, attempt]);

  let content: React.ReactNode;
  if (clientOnly || server?.kind === "shell") {
    content = <RemoteLoading />;
  } else {
    content = (
      <ErrorBoundary
        key={`${name}:${attempt}`}
        resetKey={pathname}
        fallback={() => <RemoteUnavailable name={name} onRetry={() => setAttempt((n) => n + 1)} />}
      >
        <Suspense fallback={<RemoteLoading />}>
          {server?.kind === "composed" ? <FragmentSlot remote={name} /> : <RemoteRoutes />}
        </Suspense>
      </ErrorBoundary>
    );
  }
  return (
    <div className={`host-remote host-remote--${name}`} data-remote={name}>
      {content}
    </div>
  );
}
