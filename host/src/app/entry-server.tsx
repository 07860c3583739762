import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { RemoteLoading } from "../features/remotes/components/remote-unavailable";
import { App, ShellOnly } from "./app";

/** Build-time render of the home page, so the shell and hero paint from HTML before any script runs. */
export function renderHome(): string {
  return renderToString(
    <StaticRouter location="/">
      <App />
    </StaticRouter>,
  );
}

/** Build-time render of the shell for every other path; the remote's region shows its loading state. */
export function renderShell(): string {
  return renderToString(
    <StaticRouter location="/__shell">
      <ShellOnly>
        <RemoteLoading />
      </ShellOnly>
    </StaticRouter>,
  );
}
