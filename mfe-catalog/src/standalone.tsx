// `npm run dev -w mfe-catalog` alone: the routes outside the host, with the dealership's details from the contracts.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SiteProvider } from "remote-kit";
import { BrowserRouter } from "remote-kit/router";
import { BUSINESS_DETAILS } from "shared-types";
import CatalogRoutes from "./routes";

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <SiteProvider value={{ siteUrl: window.location.origin, business: BUSINESS_DETAILS }}>
      <BrowserRouter>
        <CatalogRoutes />
      </BrowserRouter>
    </SiteProvider>
  </StrictMode>,
);
