// `npm run dev -w mfe-inventory` alone: its routes outside the host (remote-kit startStandalone).
import { startStandalone } from "remote-kit/standalone";
import InventoryRoutes from "./routes";

void startStandalone(InventoryRoutes);
