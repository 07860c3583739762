import { type ComponentType, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { apiPaths, type BusinessDetails } from "shared-types";
import { BrowserRouter } from "./router.js";
import { SiteProvider } from "./site-context.js";

/**
 * `npm run dev -w mfe-<name>` alone: the remote's routes outside the host, with the dealership's details from the
 * API (its dev server proxies /api), as the host server would put them in the page.
 */
export async function startStandalone(Routes: ComponentType): Promise<void> {
  const root = createRoot(document.getElementById("root") as HTMLElement);
  try {
    const response = await fetch(apiPaths.businessDetails());
    if (!response.ok) throw new Error(`${apiPaths.businessDetails()} answered ${response.status}`);
    const business = (await response.json()) as BusinessDetails;
    root.render(
      <StrictMode>
        <SiteProvider value={{ siteUrl: window.location.origin, business }}>
          <BrowserRouter>
            <Routes />
          </BrowserRouter>
        </SiteProvider>
      </StrictMode>,
    );
  } catch (error) {
    root.render(<p>The API is not answering ({(error as Error).message}): start it with `npm run dev -w api`.</p>);
  }
}
