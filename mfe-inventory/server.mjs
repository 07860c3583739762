// Team inventory's production server: its static build and its renderer (remote-kit/server).
import { startRemoteServer } from "remote-kit/server";
import { DEFAULT_REMOTE_PORTS } from "shared-types";

await startRemoteServer("inventory", new URL(".", import.meta.url), DEFAULT_REMOTE_PORTS.inventory);
