import { cleanup } from "@testing-library/react";
import { installSiteDocument } from "remote-kit/testing";
import { afterEach } from "vitest";
import { useDraftStore } from "../src/stores/draft-store";

// the server's tests run in Node, with no document
const inBrowser = typeof document !== "undefined";
if (inBrowser) installSiteDocument();
afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
  useDraftStore.setState({ drafts: {} });
});
