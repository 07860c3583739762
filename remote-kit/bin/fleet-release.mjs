#!/usr/bin/env node
// The bin npm links at install, before the kit is built: it runs the built CLI (remote-kit/src/release-cli.ts).
await import("../dist/release-cli.js");
