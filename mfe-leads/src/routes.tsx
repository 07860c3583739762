import { Route, Routes } from "react-router-dom";
import { ContactPage } from "./pages/contact-page";
import { ModelRequestPage } from "./pages/model-request-page";
import { MoreInfoPage } from "./pages/more-info-page";
import "./leads.css";

/**
 * Team leads' routes (shared-types REMOTE_ROUTE_PATTERNS.leads). Contracts used: the lead capture API, the
 * inventory API for a vehicle, inventory/trailers and catalog/lineup-models for what a visitor asks about.
 */
export default function LeadsRoutes() {
  return (
    <Routes>
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/contact/more-info/:id" element={<MoreInfoPage />} />
      <Route path="/contact/inquiry/:id" element={<ModelRequestPage kind="inquiry" />} />
      <Route path="/contact/quote/:id" element={<ModelRequestPage kind="quote" />} />
    </Routes>
  );
}
