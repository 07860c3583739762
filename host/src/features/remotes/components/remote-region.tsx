import { createContext, useContext } from "react";
import type { RemoteName } from "shared-types";

export type { RegionMode };

import { REGION_MODE_ATTRIBUTE, type RegionMode } from "./region-mode";
import { RemoteLoading } from "./remote-unavailable";

export interface ServerRegion {
  mode: RegionMode;
  remote: RemoteName;
}
export const ServerRegionContext = createContext<ServerRegion | null>(null);
export const fragmentSlot = (remote: RemoteName) => `<template data-fragment-slot="${remote}"></template>`;

/**
 * The region of the remote that owns the path (the server learns which from the remotes' manifests), as the server
 * composes it: the shell is rendered on the server only.
 */
export function RemoteRegion() {
  const region = useContext(ServerRegionContext);
  const name = region?.remote;
  if (!name) return null;
  const mode = region?.mode ?? "browser";
  return (
    <div className={`host-remote host-remote--${name}`} data-remote={name} {...{ [REGION_MODE_ATTRIBUTE]: mode }}>
      {mode === "browser" ? <RemoteLoading /> : <template data-fragment-slot={name} />}
    </div>
  );
}
