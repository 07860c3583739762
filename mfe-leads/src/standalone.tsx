// `npm run dev -w mfe-leads` alone: its routes outside the host (remote-kit startStandalone).
import { startStandalone } from "remote-kit/standalone";
import LeadsRoutes from "./routes";

void startStandalone(LeadsRoutes);
