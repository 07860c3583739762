import { type ComponentType, lazy, Suspense, useMemo, useState } from "react";
import type { RemoteName } from "shared-types";
import { loadRemoteRoutes } from "../api/remote-registry";
import { DocumentRouter } from "./document-router";
import { ErrorBoundary } from "./error-boundary";
import { RemoteLoading, RemoteUnavailable } from "./remote-unavailable";

export { DocumentRouter };

/**
 * A region the server could not compose (its renderer was down or slow): the browser loads the remote's route
 * table and renders the page itself, as every page was rendered before server composition. If the remote cannot
 * be loaded, what is unavailable, the sales phone and Retry.
 */
export function BrowserRegion({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  // a new lazy component per attempt: React.lazy remembers a rejection forever
  const RemoteRoutes = useMemo(() => lazy(() => loadRemoteRoutes(name, attempt)), [name, attempt]);
  return (
    <ErrorBoundary
      key={`${name}:${attempt}`}
      resetKey=""
      fallback={() => <RemoteUnavailable name={name} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <DocumentRouter>
          <RemoteRoutes />
        </DocumentRouter>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A region of the previous render protocol, hydrated whole as that protocol expects: its server HTML sits in a
 * Suspense boundary's markers, and its routes start from the data its server used (written into the page).
 */
export function LegacyRegion({ Routes }: { Routes: ComponentType }) {
  return (
    <Suspense fallback={<RemoteLoading />}>
      <DocumentRouter>
        <Routes />
      </DocumentRouter>
    </Suspense>
  );
}
