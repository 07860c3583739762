import { Route, Routes } from "react-router-dom";
import "./catalog.css";

export default function CatalogRoutes() {
  return (
    <Routes>
      <Route path="/line-up/:brand" element={<p className="catalog-test">lineup</p>} />
    </Routes>
  );
}
