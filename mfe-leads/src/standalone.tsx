import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import LeadsRoutes from "./routes";

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <LeadsRoutes />
    </BrowserRouter>
  </StrictMode>,
);
