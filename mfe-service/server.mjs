// Team service's production server: its static build and its renderer (remote-kit/server).
import { startRemoteServer } from "remote-kit/server";
import { DEFAULT_REMOTE_PORTS } from "shared-types";

await startRemoteServer("service", new URL(".", import.meta.url), DEFAULT_REMOTE_PORTS.service);
