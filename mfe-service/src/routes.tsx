import { Route, Routes } from "react-router-dom";
import { BodyShopPage } from "./pages/body-shop-page";
import { DepartmentPage } from "./pages/department-page";
import { SectionItemPage } from "./pages/section-item-page";
import { PartsSpecialsPage, PromotionsPage, SpecialsIndexPage } from "./pages/specials-pages";
import "./service.css";

/**
 * Team service's routes (shared-types REMOTE_ROUTE_PATTERNS.service). Contracts used: the promotions API,
 * leads/lead-form for requests and bookings, catalog/lineup-models for a model's prefill.
 */
export default function ServiceRoutes() {
  return (
    <Routes>
      <Route path="/service" element={<DepartmentPage department="service" />} />
      <Route path="/service/:id" element={<DepartmentPage department="service" />} />
      <Route path="/parts" element={<DepartmentPage department="parts" />} />
      <Route path="/parts/:id" element={<DepartmentPage department="parts" />} />
      <Route path="/services/:link" element={<SectionItemPage section="service" />} />
      <Route path="/body-shop" element={<BodyShopPage />} />
      <Route path="/body-shop-services/:link" element={<SectionItemPage section="body-shop" />} />
      <Route path="/sales-specials" element={<PromotionsPage department="sales" />} />
      <Route path="/service-specials" element={<PromotionsPage department="service" />} />
      <Route path="/parts-specials" element={<PartsSpecialsPage />} />
      <Route path="/specials" element={<SpecialsIndexPage />} />
    </Routes>
  );
}
