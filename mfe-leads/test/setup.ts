import { cleanup } from "@testing-library/react";
import { installSiteDocument } from "remote-kit/testing";
import { afterEach } from "vitest";
import { useDraftStore } from "../src/stores/draft-store";

installSiteDocument();
afterEach(() => {
  cleanup();
  localStorage.clear();
  useDraftStore.setState({ drafts: {} });
});
