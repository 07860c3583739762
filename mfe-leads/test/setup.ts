import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { useDraftStore } from "../src/stores/draft-store";

afterEach(() => {
  cleanup();
  localStorage.clear();
  useDraftStore.setState({ drafts: {} });
});
