import type { ReactNode } from "react";
import { Route, Routes } from "react-router-dom";
import { isLazyPage, type LazyPage } from "./lazy-page.js";

/**
 * The router's half of a remote's route table, in a chunk of its own: a page whose parts are islands never runs
 * it, so the browser downloads the router only when a region is rendered whole (RemoteRoutes).
 */
export default function RouteTable({ routes }: { routes: readonly { path: string; element: ReactNode | LazyPage }[] }) {
  return (
    <Routes>
      {routes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={isLazyPage(route.element) ? <route.element /> : route.element}
        />
      ))}
    </Routes>
  );
}
