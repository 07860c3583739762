import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, expect } from "vitest";
import { installSiteDocument } from "./testing.js";

/**
 * Renders at a path as the host does: inside its router and a Suspense boundary. Pages load their code lazily
 * (remote-kit lazyPage): the render is awaited inside act, and until the page's code has arrived.
 */
export async function renderAt(path: string, tree: ReactNode): Promise<ReturnType<typeof render>> {
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p data-testid="page-code-loading">Loading...</p>}>{tree}</Suspense>
      </MemoryRouter>,
    );
  });
  await waitFor(() => expect(screen.queryByTestId("page-code-loading")).toBeNull());
  return rendered as ReturnType<typeof render>;
}

/**
 * The page data the host writes (the dealership's details) installed before each test file, and each render removed
 * after each test; `reset` clears what else a remote keeps between renders (its stores). The renderer's own tests
 * run in Node, with no document: nothing to install there.
 */
export function setUpRemoteTests(reset?: () => void): void {
  if (typeof document === "undefined") return;
  installSiteDocument();
  afterEach(() => {
    cleanup();
    localStorage.clear();
    reset?.();
  });
}
