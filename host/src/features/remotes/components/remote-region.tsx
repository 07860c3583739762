import { createContext, useContext } from "react";
import type { RemoteName } from "shared-types";
import { REGION_MODE_ATTRIBUTE, type RegionMode } from "./region-mode";
import { PageUnreachable, RemoteLoading } from "./remote-unavailable";

/** A remote's region; or, when no remote that can be reached answers the path, what the shell says meanwhile. */
export type ServerRegion = { mode: RegionMode; remote: RemoteName } | { mode: "unreachable" };
export const ServerRegionContext = createContext<ServerRegion | null>(null);
export const fragmentSlot = (remote: RemoteName) => `<template data-fragment-slot="${remote}"></template>`;

/**
 * The region of the remote that owns the path (the server learns which from the remotes' manifests), as the server
 * composes it: the shell is rendered on the server only.
 */
export function RemoteRegion() {
  const region = useContext(ServerRegionContext);
  if (!region) return null;
  if (region.mode === "unreachable") return <PageUnreachable />;
  const { mode, remote: name } = region;
  return (
    <div className={`host-remote host-remote--${name}`} data-remote={name} {...{ [REGION_MODE_ATTRIBUTE]: mode }}>
      {mode === "browser" ? <RemoteLoading /> : <template data-fragment-slot={name} />}
    </div>
  );
}
