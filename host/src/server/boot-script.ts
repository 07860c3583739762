import { EAGER_HYDRATION, ISLAND_ATTRIBUTES, ISLAND_ELEMENT } from "remote-kit";
import { FORM_FIELD, IN_PLACE_FORM, NATIVE_SUBMIT_ATTRIBUTE } from "remote-kit/protocol";

export const BOOT_ELEMENT_ID = "fleet-boot";
/** Where the page's code, once loaded, leaves its hydrate(islands) (an app bundle keeps no exports). */
export const HYDRATE_KEY = "__fleetHydrate";

/** The names of the page's markup the script reads, handed to it as JSON. */
const NAMES = {
  boot: BOOT_ELEMENT_ID,
  hydrateKey: HYDRATE_KEY,
  island: ISLAND_ELEMENT,
  attributes: ISLAND_ATTRIBUTES,
  eager: EAGER_HYDRATION as readonly string[],
  submitting: NATIVE_SUBMIT_ATTRIBUTE,
  inPlace: { ...IN_PLACE_FORM, formField: FORM_FIELD },
  /** How long a held click waits for its island's code before the link does what it does without scripts. */
  replayDeadlineMs: 3_000,
};
type Names = typeof NAMES;

/** What the page's boot element says (page-document composeDocument). */
interface BootConfig {
  entry: string;
  runtime: string[];
  eager: string[];
  islands: Record<string, string[]>;
  styles: Record<string, string[]>;
  vitals?: { src: string; rate: number; route: string };
}

/**
 * A form the browser sends itself is marked as sending, and not sent twice (the form's code, if it arrives before
 * the next page, sees the mark too); a page back from the back-forward cache may send again.
 */
export function guardNativeSubmits(submitting: string): void {
  addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    if (form.hasAttribute(submitting)) event.preventDefault();
    else form.setAttribute(submitting, "");
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll(`form[${submitting}]`)) form.removeAttribute(submitting);
  });
}

type InPlaceAnswer = Partial<{ said: string; message: string; fields: Record<string, string[]> }> & {
  updates?: Record<string, string>;
};

/**
 * Forms that name the API address that takes them (remote-kit IN_PLACE_FORM: "Add to fleet quote") are sent there
 * as JSON in place from the moment the page shows: the answer goes into the form's status and the page texts it
 * names. When the API cannot be reached (or fails), the form is sent the browser's way, then and from then on.
 */
function sendInPlace(names: Names["inPlace"]): void {
  const sent = new WeakMap<HTMLFormElement, "sending" | "native">();
  const send = async (form: HTMLFormElement, address: string) => {
    const fields = [...new FormData(form)].filter(
      ([name, value]) => name !== names.formField && typeof value === "string",
    );
    const response = await fetch(address, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(Object.fromEntries(fields)),
    });
    const answer: InPlaceAnswer = await response.json().catch(() => ({}));
    const reason = Object.values(answer.fields ?? {})[0]?.[0] ?? answer.message;
    if (!response.ok && (response.status >= 500 || typeof reason !== "string")) throw new Error("not taken");
    const status = form.querySelector(`[${names.status}]`);
    if (status) {
      status.textContent = (response.ok ? answer.said : reason) ?? "";
      status.toggleAttribute("data-problem", !response.ok);
    }
    for (const [key, text] of Object.entries(answer.updates ?? {})) {
      for (const element of document.querySelectorAll(`[${names.update}="${key}"]`)) element.textContent = text;
    }
  };
  addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      const address = form.getAttribute(names.action);
      if (!address || sent.get(form) === "native") return;
      event.preventDefault();
      if (sent.has(form)) return;
      sent.set(form, "sending");
      send(form, address)
        .then(() => sent.delete(form))
        .catch(() => {
          sent.set(form, "native");
          form.requestSubmit();
        });
    },
    true,
  );
}

/**
 * The page's one inline script (a CSP hash allows it: the same text on every page), run long before the page's code
 * arrives. After the first frame it makes each interactive part interactive only when needed: "load" ones (and a
 * region the browser renders) at once, "visible" ones as they near the screen, any when the visitor reaches for it;
 * a page nobody touches runs no code of the site. <html data-host-ready> says the eager ones are (tests, monitoring).
 */
function boot(names: Names): void {
  guardNativeSubmits(names.submitting);
  sendInPlace(names.inPlace);
  const config = JSON.parse(document.getElementById(names.boot)?.textContent ?? "{}") as BootConfig;
  measureVitals(config.vitals);
  const preload = preloader();
  const preloadIsland = (island: Element) => {
    const id = island.getAttribute(names.attributes.id) ?? "";
    return [...preload(config.islands[id]), ...preload(config.styles[id], "style")];
  };
  type Hydrate = (islands: Element[]) => Promise<void>;
  let code: Promise<Hydrate> | undefined;
  const hydrate = (islands: Element[]) => {
    preload(config.runtime);
    for (const island of islands) preloadIsland(island);
    code ??= import(config.entry).then(
      () => (globalThis as unknown as Record<string, Hydrate>)[names.hydrateKey] as Hydrate,
    );
    return code.then((run) => run(islands));
  };
  const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  // each island is made interactive once; what was asked for it is told when it is (and its effects have run)
  const interactive = new WeakMap<Element, Promise<void>>();
  const live = new WeakSet<Element>();
  const reachFor = (island: Element) => {
    let ready = interactive.get(island);
    if (!ready) {
      ready = hydrate([island]).then(afterNextFrame);
      ready.then(() => live.add(island)).catch(() => undefined);
      interactive.set(island, ready);
    }
    return ready;
  };
  // a part is reached for by a pointer over it, a touch, focus, typing, a click, and so is each island around it (a
  // peer's form inside another island is one of its own). At the first sign of intent (a wheel, a key too), the code
  // of each part near the screen is fetched, not run, so that a touch finds it at hand. Not once the page is idle:
  // every page would look busy for longer to Lighthouse.
  let intentSeen = false;
  const reached = (event: Event) => {
    if (!intentSeen) {
      intentSeen = true;
      whenNear(document.querySelectorAll(names.island), "50% 0px", (island) => {
        void Promise.all([...preload([config.entry, ...config.runtime]), ...preloadIsland(island)]).then(() =>
          island.setAttribute(names.attributes.code, "at-hand"),
        );
      });
    }
    let island: Element | null | undefined = (event.target as Element).closest?.(names.island);
    for (; island; island = island.parentElement?.closest(names.island)) void reachFor(island);
  };
  for (const type of ["pointerover", "pointerdown", "touchstart", "focusin", "input", "click", "wheel", "keydown"]) {
    addEventListener(type, reached, { capture: true, passive: true });
  }
  replayClicks(names, live, reachFor);
  void afterNextFrame().then(() => {
    const islands = [...document.querySelectorAll(names.island)];
    const when = (island: Element) => island.getAttribute(names.attributes.hydrate) ?? "load";
    preload(config.eager);
    const needed = islands.filter((island) => names.eager.includes(when(island))).map(reachFor);
    // a region the browser renders itself, or a peer's module the server could not include, is needed now too
    if (config.eager.length > 0) needed.push(hydrate([]));
    void Promise.allSettled(needed).then(() => {
      document.documentElement.dataset.hostReady = "true";
    });
    const visible = islands.filter((island) => when(island) === "visible");
    whenNear(visible, "200px", (island) => void reachFor(island));
  });
}

/**
 * Fetches files once each, each resolving when in (or failed): a module compiled, not run; a stylesheet only into
 * the cache, as the module's loader will link it (a preload not used at once would be reported as wasted).
 */
function preloader(): (files?: readonly string[], as?: "style") => Promise<unknown>[] {
  const preloaded = new Map<string, Promise<unknown>>();
  return (files = [], as) =>
    files.map((href) => {
      let loaded = preloaded.get(href);
      if (!loaded) {
        const rel = as ? "prefetch" : "modulepreload";
        const link = Object.assign(document.createElement("link"), { rel, href }, as && { as, crossOrigin: "" });
        loaded = new Promise((resolve) => (link.onload = link.onerror = resolve));
        preloaded.set(href, loaded);
        document.head.append(link);
      }
      return loaded;
    });
}

/** Each island once, as what it shows (its first child: the island's element has no box of its own) nears the screen. */
function whenNear(islands: Iterable<Element>, rootMargin: string, onNear: (island: Element) => void): void {
  const near = new IntersectionObserver(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        if (!isIntersecting) continue;
        near.unobserve(target);
        if (target.parentElement) onNear(target.parentElement);
      }
    },
    { rootMargin },
  );
  for (const island of islands) if (island.firstElementChild) near.observe(island.firstElementChild);
}

/**
 * The last click inside an island whose code has not arrived yet is given to it once it is interactive: a button is
 * pressed again (never a form's submit button: it sends its form the browser's way meanwhile); a link marked to
 * replay is held (remote-kit ISLAND_ATTRIBUTES.replay).
 */
function replayClicks(names: Names, live: WeakSet<Element>, reachFor: (island: Element) => Promise<void>): void {
  const { replay } = names.attributes;
  const waiting = new WeakMap<Element, () => void>();
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const island = target.closest?.(names.island);
    if (event.defaultPrevented || !island || live.has(island)) return;
    const link = target.closest(`[${replay}]`);
    const button = target.closest("button");
    let again: () => void;
    if (link && event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) {
      event.preventDefault();
      const href = link.closest("a")?.href;
      again = () => island.querySelector<HTMLElement>(`[${replay}="${link.getAttribute(replay)}"]`)?.click();
      setTimeout(() => {
        if (waiting.get(island) !== again) return;
        waiting.delete(island);
        if (href) location.href = href;
      }, names.replayDeadlineMs);
    } else if (button && button.type !== "submit") again = () => button.isConnected && button.click();
    else return;
    // when the page's code cannot be had, a held link goes its own way at its deadline
    const replayLast = () => {
      waiting.get(island)?.();
      waiting.delete(island);
    };
    if (!waiting.has(island)) reachFor(island).then(replayLast, () => undefined);
    waiting.set(island, again);
  };
  addEventListener("click", onClick, true);
}

/**
 * Team host: one page view in `rate` measures its Web Vitals (src/vitals/report-vitals.ts), its script loaded once
 * the page has loaded and the browser is idle, so the page's loading (and Lighthouse's view of it) is over first.
 */
export function measureVitals(vitals: BootConfig["vitals"]): void {
  if (!vitals || Math.random() >= vitals.rate) return;
  const load = () => {
    // the page's route goes on the page, not in the script's address: a browser may give a module it has evaluated
    // before its first address again, and every page would then report the first page's route
    document.documentElement.dataset.fleetVitalsRoute = vitals.route;
    void import(vitals.src).catch(() => undefined);
  };
  const whenIdle = () =>
    "requestIdleCallback" in globalThis ? requestIdleCallback(load, { timeout: 5_000 }) : setTimeout(load, 1_000);
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

/** The page's one inline script: the functions boot calls, declared as they are here, then boot itself. */
function bootScript(): string {
  const declarations = [guardNativeSubmits, sendInPlace, measureVitals, preloader, whenNear, replayClicks];
  return `${declarations.map(String).join("")}(${boot})(${JSON.stringify(NAMES)});`;
}

// pure: the page's code imports this module's names, and leaves the script's text out of its bundle
export const BOOT_SCRIPT = /* @__PURE__ */ bootScript();
