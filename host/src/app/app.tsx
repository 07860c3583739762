import { Route, Routes } from "react-router-dom";
import { HomePage } from "../features/home/components/home-page";
import { RemoteRegion } from "../features/remotes/components/remote-region";
import { SiteLayout } from "../features/shell/components/site-layout";

/** The host owns "/"; every other path belongs to a remote, or goes home (RemoteRegion). */
export function App() {
  return (
    <SiteLayout>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<RemoteRegion />} />
      </Routes>
    </SiteLayout>
  );
}

/** The shell around a remote's region before its code arrives: what the server sends for every non-home path. */
export function ShellOnly({ children }: { children: React.ReactNode }) {
  return <SiteLayout>{children}</SiteLayout>;
}
