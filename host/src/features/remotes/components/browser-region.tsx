import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import type { RemoteName } from "shared-types";
import { loadRemoteRoutes } from "../api/remote-registry";
import { DocumentRouter } from "./document-router";
import { RemoteLoading, RemoteUnavailable } from "./remote-unavailable";

/** Its fallback in place of children that failed to render: a remote that could not be loaded is not a page error. */
class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

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
      fallback={<RemoteUnavailable name={name} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <DocumentRouter>
          <RemoteRoutes />
        </DocumentRouter>
      </Suspense>
    </ErrorBoundary>
  );
}
