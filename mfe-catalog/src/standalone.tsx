// `npm run dev -w mfe-catalog` alone: its routes outside the host (remote-kit startStandalone).
import { startStandalone } from "remote-kit/standalone";
import CatalogRoutes from "./routes";

void startStandalone(CatalogRoutes);
