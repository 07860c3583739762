import { cleanup } from "@testing-library/react";
import { installSiteDocument } from "remote-kit/testing";
import { afterEach } from "vitest";

// the server's tests run in Node, with no document
if (typeof document !== "undefined") installSiteDocument();
afterEach(() => cleanup());
