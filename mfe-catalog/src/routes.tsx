import { Route, Routes } from "react-router-dom";
import { FinancingFormPage } from "./pages/financing-form-page";
import { FinancingPage } from "./pages/financing-page";
import { LineupPage } from "./pages/lineup-page";
import { ModelPage } from "./pages/model-page";
import "./catalog.css";

/**
 * Team catalog's routes (shared-types REMOTE_ROUTE_PATTERNS.catalog). Contracts used: the inventory API's
 * model counts. Exposes ./lineup-models for team leads' inquiry and quote pages.
 */
export default function CatalogRoutes() {
  return (
    <Routes>
      <Route path="/line-up/:brand" element={<LineupPage />} />
      <Route path="/line-up/:brand/:model" element={<ModelPage />} />
      <Route path="/get-financing" element={<FinancingPage />} />
      <Route path="/get-financing/form" element={<FinancingFormPage />} />
    </Routes>
  );
}
