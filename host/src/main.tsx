import { ISLAND_ELEMENT, PEER_MODULE_LOADER_KEY } from "remote-kit";
import { hydrateIslands } from "./app/hydrate-islands";
import { loadRemoteModule } from "./features/remotes/api/remote-registry";
import { BOOT_ELEMENT_ID, HYDRATE_KEY } from "./server/boot-script";
import "./styles/host.css";

Object.assign(globalThis, {
  // remotes render each other's modules through the host's runtime, which knows where every remote lives
  [PEER_MODULE_LOADER_KEY]: loadRemoteModule,
  // the page is the server's HTML, and works as it is: the page's inline script (server/boot-script.ts) loads this
  // when a part of the page needs its code, and asks it to make those parts interactive
  [HYDRATE_KEY]: hydrateIslands,
});

// the dev server's page loads this itself, with no inline script of ours: everything at once
if (!document.getElementById(BOOT_ELEMENT_ID)) {
  void hydrateIslands([...document.querySelectorAll(ISLAND_ELEMENT)]).finally(() => {
    document.documentElement.dataset.hostReady = "true";
  });
}
