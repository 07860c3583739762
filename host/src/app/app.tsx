import { Route, Routes } from "remote-kit/router";
import { HomePage } from "../features/home/components/home-page";
import { RemoteRegion } from "../features/remotes/components/remote-region";
import { SiteLayout } from "../features/shell/components/site-layout";

/** The host owns "/"; every other path belongs to a remote's region (the server answers 301 for unknown paths). */
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
