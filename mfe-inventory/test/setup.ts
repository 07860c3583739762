import { cleanup } from "@testing-library/react";
import { installSiteDocument } from "remote-kit/testing";
import { afterEach } from "vitest";

installSiteDocument();
afterEach(() => cleanup());
