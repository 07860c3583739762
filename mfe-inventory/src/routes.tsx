import { Route, Routes } from "react-router-dom";
import { InventoryPage } from "./pages/inventory-page";
import { TrailerListPage } from "./pages/trailer-list-page";
import { TrailerPage } from "./pages/trailer-page";
import { VehiclePage } from "./pages/vehicle-page";
import "./inventory.css";

/**
 * Team inventory's routes (shared-types REMOTE_ROUTE_PATTERNS.inventory). Contracts used: the inventory API,
 * leads/lead-form for enquiries. Exposes ./trailers for team leads' more-info page.
 */
export default function InventoryRoutes() {
  return (
    <Routes>
      <Route path="/inventory" element={<InventoryPage />} />
      <Route path="/inventory/vehicle/:id" element={<VehiclePage />} />
      <Route path="/trailer-inventory" element={<TrailerListPage />} />
      <Route path="/trailer-inventory/:id" element={<TrailerPage />} />
    </Routes>
  );
}
