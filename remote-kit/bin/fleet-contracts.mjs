#!/usr/bin/env node
// The bin npm links at install, before the kit is built: it runs the built CLI (remote-kit/src/contracts-cli.ts).
await import("../dist/contracts-cli.js");
