import { lazy, Suspense, useMemo, useState } from "react";
import { Navigate, useLocation } from "react-router-dom";
import type { RemoteName } from "shared-types";
import { loadRemoteRoutes } from "../api/remote-registry";
import { remoteForPath } from "../remote-for-path";
import { RemoteErrorBoundary } from "./remote-error-boundary";
import { RemoteLoading, RemoteUnavailable } from "./remote-unavailable";

/** Renders whichever remote owns the current path; an unknown path goes home (SPEC §2). */
export function RemoteRegion() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  if (!remote) return <Navigate to="/" replace />;
  return <RemoteMount key={remote} name={remote} pathname={pathname} />;
}

function RemoteMount({ name, pathname }: { name: RemoteName; pathname: string }) {
  const [attempt, setAttempt] = useState(0);
  // a new lazy component per attempt: React.lazy remembers a rejection forever
  const RemoteRoutes = useMemo(() => lazy(() => loadRemoteRoutes(name, attempt)), [name, attempt]);
  return (
    <div className={`host-remote host-remote--${name}`} data-remote={name}>
      <RemoteErrorBoundary
        key={`${name}:${attempt}`}
        resetKey={pathname}
        fallback={() => <RemoteUnavailable name={name} onRetry={() => setAttempt((n) => n + 1)} />}
      >
        <Suspense fallback={<RemoteLoading />}>
          <RemoteRoutes />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}
