import { afterEach } from "vitest";
import { useDraftStore } from "../src/stores/draft-store";

// after the kit's own setup (page data, cleanup): team leads' drafts are cleared between tests too
afterEach(() => useDraftStore.setState({ drafts: {} }));
