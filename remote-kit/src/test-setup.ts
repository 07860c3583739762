// Loaded by every remote's unit tests before their own setup (remote-kit/vite remoteViteConfig).
import { setUpRemoteTests } from "./test-harness.js";

setUpRemoteTests();
