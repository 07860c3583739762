// `npm run dev -w mfe-service` alone: its routes outside the host (remote-kit startStandalone).
import { startStandalone } from "remote-kit/standalone";
import ServiceRoutes from "./routes";

void startStandalone(ServiceRoutes);
