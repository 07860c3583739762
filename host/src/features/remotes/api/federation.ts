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

function provide(version: string, module: unknown, requiredVersion: string) {
  return {
    version,
    lib: () => module as never,
    shareConfig: { singleton: true, strictVersion: true, requiredVersion },
  };
}

const react = (module: unknown) =>
  provide(__SHARED_VERSIONS__.react, module, SHARED_DEPENDENCIES.react.requiredVersion);

export const federation: ModuleFederation = createInstance({
  name: "host",
  remotes: [],
  shared: {
    react: react(React),
    "react/jsx-runtime": react(ReactJsxRuntime),
    "react-dom": react(ReactDom),
    "react-dom/client": react(ReactDomClient),
    // the routing the site uses (remote-kit/router), not the whole library: remotes import only that. Loaded when a
    // remote's code asks for it: a page of islands has none (only a page the browser renders itself)
    "react-router-dom": {
      version: __SHARED_VERSIONS__["react-router-dom"],
      get: () => import("remote-kit/router").then((router) => () => router),
      shareConfig: {
        singleton: true,
        strictVersion: true,
        requiredVersion: SHARED_DEPENDENCIES["react-router-dom"].requiredVersion,
      },
    },
    zustand: provide(__SHARED_VERSIONS__.zustand, Zustand, SHARED_DEPENDENCIES.zustand.requiredVersion),
    // the federation plugin shares zustand's subpaths with it: the middleware (team leads' drafts) comes from here too
    "zustand/middleware": provide(
      __SHARED_VERSIONS__.zustand,
      ZustandMiddleware,
      SHARED_DEPENDENCIES.zustand.requiredVersion,
    ),
  },
});
