#!/usr/bin/env node
// The bin npm links at install, before the kit is built: `npm run dev` of a remote (remote-kit/src/vite/dev-server.ts).
const { startRemoteDevServer } = await import("../dist/vite/index.js");
await startRemoteDevServer();
