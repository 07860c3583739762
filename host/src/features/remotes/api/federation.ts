import { createInstance, type ModuleFederation } from "@module-federation/runtime";
import * as runtimeCore from "@module-federation/runtime/core";
import * as React from "react";
import * as ReactJsxRuntime from "react/jsx-runtime";
import * as ReactDom from "react-dom";
import * as ReactDomClient from "react-dom/client";
import { SHARED_DEPENDENCIES } from "remote-kit/protocol";
import * as Zustand from "zustand";
import * as ZustandMiddleware from "zustand/middleware";

/**
 * The host's federation runtime, loaded only when a page needs a remote (the home page never does). The host
 * provides every shared dependency from its own bundle, so exactly one React (and one router, one zustand) runs
 * in the page, and it publishes its runtime core so remotes built with externalRuntime bring none of their own.
 */
declare const __SHARED_VERSIONS__: Record<"react" | "react-router-dom" | "zustand", string>;

(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE ??= runtimeCore;

type SharedDependency = keyof typeof __SHARED_VERSIONS__;
const shareConfig = (dependency: SharedDependency) => ({
  singleton: true,
  strictVersion: true,
  requiredVersion: SHARED_DEPENDENCIES[dependency].requiredVersion,
});
/** A module of the host's bundle, shared as `dependency`'s (its version, and the range every remote must meet). */
const provide = (dependency: SharedDependency, module: unknown) => ({
  version: __SHARED_VERSIONS__[dependency],
  lib: () => module as never,
  shareConfig: shareConfig(dependency),
});

export const federation: ModuleFederation = createInstance({
  name: "host",
  remotes: [],
  shared: {
    react: provide("react", React),
    "react/jsx-runtime": provide("react", ReactJsxRuntime),
    "react-dom": provide("react", ReactDom),
    "react-dom/client": provide("react", ReactDomClient),
    // the routing the site uses (remote-kit/router), not the whole library: remotes import only that. Loaded when a
    // remote's code asks for it: a page of islands has none (only a page the browser renders itself)
    "react-router-dom": {
      version: __SHARED_VERSIONS__["react-router-dom"],
      get: () => import("remote-kit/router").then((router) => () => router),
      shareConfig: shareConfig("react-router-dom"),
    },
    zustand: provide("zustand", Zustand),
    // the federation plugin shares zustand's subpaths with it: the middleware (team leads' drafts) comes from here too
    "zustand/middleware": provide("zustand", ZustandMiddleware),
  },
});
