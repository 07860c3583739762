import { matchPath } from "remote-kit/router";
import { REMOTE_NAMES, REMOTE_ROUTE_PATTERNS, type RemoteName } from "shared-types";

/** Which remote renders a path (ARCHITECTURE.md "Routes and who renders them"); null for none. */
export function remoteForPath(pathname: string): RemoteName | null {
  for (const name of REMOTE_NAMES) {
    if (REMOTE_ROUTE_PATTERNS[name].some((pattern) => matchPath({ path: pattern, end: true }, pathname))) return name;
  }
  return null;
}
