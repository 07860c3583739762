import { act, render } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { MemoryRouter } from "react-router-dom";

/**
 * Renders at a path as the host does: inside its router and a Suspense boundary. Pages load their code lazily
 * (remote-kit lazyPage), so React wants the render awaited inside act.
 */
export async function renderAt(path: string, tree: ReactNode): Promise<ReturnType<typeof render>> {
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Loading...</p>}>{tree}</Suspense>
      </MemoryRouter>,
    );
  });
  return rendered as ReturnType<typeof render>;
}
