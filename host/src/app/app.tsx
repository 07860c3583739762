import { Route, Routes, useLocation } from "remote-kit/router";
import { HomePage } from "../features/home/components/home-page";
import { RemoteRegion } from "../features/remotes/components/remote-region";
import { ErrorBoundary } from "../features/shell/components/error-boundary";
import { PageFailed } from "../features/shell/components/page-failed";
import { SiteLayout } from "../features/shell/components/site-layout";

/**
 * The host owns "/"; every other path belongs to a remote, or goes home (RemoteRegion). A page that fails is
 * caught inside the shell (menus and footer stay, with a way home); a navigation forgets the failure.
 */
export function App() {
  const { pathname } = useLocation();
  return (
    <SiteLayout>
      <ErrorBoundary resetKey={pathname} fallback={() => <PageFailed />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="*" element={<RemoteRegion />} />
        </Routes>
      </ErrorBoundary>
    </SiteLayout>
  );
}
