import { EAGER_HYDRATION, ISLAND_ATTRIBUTES, ISLAND_ELEMENT } from "remote-kit";
import { FORM_FIELD, IN_PLACE_FORM, NATIVE_SUBMIT_ATTRIBUTE } from "remote-kit/protocol";

/** What the page's inline script needs to know of the page's markup (one place: the kit's and the host's names). */
export interface BootMarkup {
  bootId: string;
  islandId: string;
  /** Where the page's code, once loaded, leaves its hydrate(islands) (an app bundle keeps no exports). */
  hydrateKey: string;
  submitting: string;
  island: string;
  hydrate: string;
  eager: readonly string[];
  replay: string;
  /** Set on an island once its code has been fetched (not run): "at-hand". */
  codeState: string;
  /** How long a held click waits for its island's code before the link does what it does without scripts. */
  replayDeadlineMs: number;
}

/**
 * A form the browser sends itself (no script has taken it over yet) is marked as sending, and not sent twice; the
 * form's code, if it arrives before the next page does, sees the mark and waits too. A page brought back from the
 * back-forward cache is a new chance to send.
 */
export function guardNativeSubmits(submitting: string): void {
  addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    if (form.hasAttribute(submitting)) {
      event.preventDefault();
      return;
    }
    form.setAttribute(submitting, "");
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll(`form[${submitting}]`)) form.removeAttribute(submitting);
  });
}

/**
 * Forms that name the site's API address that takes them (remote-kit IN_PLACE_FORM: team inventory's and catalog's
 * "Add to fleet quote") are sent there as JSON in place, from the first moment the page shows: what the API says goes
 * into the form's status element, the page texts it names are updated. When the API cannot be reached (or fails), the
 * form is sent the browser's way, as without scripts.
 */
export function sendInPlace(names: { action: string; status: string; update: string; formField: string }): void {
  type Answer = {
    said?: string;
    message?: string;
    fields?: Record<string, string[]>;
    updates?: Record<string, string>;
  };
  // what the API said goes into the form's status element and the page texts it names; a failure is thrown
  const showAnswer = (form: HTMLFormElement, response: Response, answer: Answer) => {
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
  const send = (form: HTMLFormElement, address: string) => {
    const body: Record<string, string> = {};
    new FormData(form).forEach((value, name) => {
      if (name !== names.formField && typeof value === "string") body[name] = value;
    });
    fetch(address, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    })
      .then(async (response) => showAnswer(form, response, (await response.json().catch(() => ({}))) as Answer))
      .catch(() => {
        form.setAttribute(`${names.action}-native`, "");
        form.requestSubmit();
      })
      .finally(() => form.removeAttribute(`${names.action}-sending`));
  };
  addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      const address = form.getAttribute(names.action);
      if (!address || form.hasAttribute(`${names.action}-native`)) return;
      event.preventDefault();
      if (form.hasAttribute(`${names.action}-sending`)) return;
      form.setAttribute(`${names.action}-sending`, "");
      send(form, address);
    },
    true,
  );
}

/**
 * The page's one inline script: it runs as soon as the page is parsed, long before its code arrives (a CSP hash
 * allows it: the same text on every page).
 * - Guards the forms (guardNativeSubmits, the script's first part), and sends the forms that say so in place
 *   (sendInPlace).
 * - After the page's first frame, makes its interactive parts interactive, and only those, and only when needed: the
 *   code of the parts on the screen (React, the federation runtime, the islands' own) is fetched, not run, at the
 *   visitor's first sign of intent (a pointer moving, a touch, a scroll, a key), and the code of the others as they
 *   near the screen (or at once when a part needs it first), each part's code all at once; it runs when a part
 *   needs it. A part that must work as the page loads ("load", a region the browser renders) is done at
 *   once. Forms ("form") and what works as HTML already ("interaction") are done when the visitor reaches for them
 *   (a pointer over them, a touch, focus); a button pressed before is pressed again once its code has arrived, and
 *   what was typed is kept (the form's own code reads it). What is further down ("visible") is done when it nears
 *   the screen. A page nobody touches runs no code of the site at all (it only has it at hand).
 * - Says when the page's eager parts are interactive: <html data-host-ready>, for tests and monitoring.
 * - On a page view sampled for real visitors' Web Vitals, loads their script once the page is loaded and idle
 *   (measureVitals): the one code a page nobody touches may run.
 */
function boot(markup: BootMarkup): void {
  const config = JSON.parse(document.getElementById(markup.bootId)?.textContent ?? "{}") as BootConfig;
  measureVitals(config.vitals);
  const preload = preloader();
  const preloadIsland = (island: Element) => {
    const id = island.getAttribute(markup.islandId) ?? "";
    return [...preload(config.islands[id]), ...preload(config.styles?.[id], "style")];
  };
  type Hydrate = (islands: Element[]) => Promise<void>;
  let code: Promise<Hydrate> | undefined;
  const hydrate = (islands: Element[]) => {
    preload(config.runtime);
    for (const island of islands) preloadIsland(island);
    code ??= import(config.entry).then(
      () => (globalThis as unknown as Record<string, Hydrate>)[markup.hydrateKey] as Hydrate,
    );
    return code.then((run) => run(islands));
  };
  // at the visitor's first sign of intent anywhere on the page (a pointer moving, a touch, a scroll, a key), the code
  // of each part on the screen (or about to come onto it) is fetched, not run, so that the touch on a part finds it
  // at hand: the part is interactive as soon as its code has run. Parts further down are fetched as they near the
  // screen. Not merely once the page is idle: a page's loading counts as over only once its network is quiet, so
  // fetching then would make every page look busy for longer to Lighthouse (its blocking time counted until then);
  // a visitor who never moves fetches nothing.
  const prefetch = () =>
    whenNear(markup.island, document.querySelectorAll(markup.island), "50% 0px", (island) => {
      void Promise.all([...preload([config.entry, ...config.runtime]), ...preloadIsland(island)]).then(() =>
        island.setAttribute(markup.codeState, "at-hand"),
      );
    });
  const intent = ["pointermove", "pointerdown", "touchstart", "wheel", "scroll", "keydown"];
  const onIntent = () => {
    for (const type of intent) removeEventListener(type, onIntent, true);
    prefetch();
  };
  for (const type of intent) addEventListener(type, onIntent, { capture: true, passive: true });
  // each island is made interactive once; what was asked for it is told when it is (and its effects have run)
  const interactive = new Map<Element, Promise<void>>();
  const live = new WeakSet<Element>();
  const reachFor = (island: Element) => {
    let ready = interactive.get(island);
    if (!ready) {
      ready = hydrate([island]).then(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
      );
      ready.then(() => live.add(island)).catch(() => undefined);
      interactive.set(island, ready);
    }
    return ready;
  };
  holdClicks(markup, (island) => live.has(island), reachFor);
  requestAnimationFrame(() =>
    setTimeout(() => {
      const islands = [...document.querySelectorAll(markup.island)];
      const when = (island: Element) => island.getAttribute(markup.hydrate) ?? "load";
      const eager = islands.filter((island) => markup.eager.includes(when(island)));
      // a region the browser renders itself, or a peer's module the server could not include, is needed now too
      const pending = config.eager.length > 0 || eager.length > 0;
      preload(config.eager);
      (pending ? hydrate(eager) : Promise.resolve())
        .catch(() => undefined)
        .finally(() => {
          document.documentElement.dataset.hostReady = "true";
        });
      const visible = islands.filter((island) => when(island) === "visible");
      whenNear(markup.island, visible, "200px", (island) => void reachFor(island));
      reachWhenTouched(
        islands.filter((island) => !markup.eager.includes(when(island))),
        reachFor,
      );
    }),
  );
}

/** What the page's boot element says (page-document composeDocument). */
interface BootConfig {
  entry: string;
  runtime: string[];
  eager: string[];
  islands: Record<string, string[]>;
  styles: Record<string, string[]>;
  /** A page view sampled for real visitors' Web Vitals loads this script (src/vitals) once it is loaded and idle. */
  vitals?: { src: string; rate: number; route: string };
}

/**
 * Fetches files once each: a module is fetched and compiled, not run; a stylesheet the code will link (and wait
 * for) only into the cache. Each resolves when its file is in (or failed).
 */
function preloader(): (files?: readonly string[], as?: "style") => Promise<void>[] {
  const preloaded = new Map<string, Promise<void>>();
  return (files = [], as) =>
    files.map((href) => {
      let loaded = preloaded.get(href);
      if (!loaded) {
        const link = document.createElement("link");
        // a stylesheet only into the cache: a preload the page does not use at once would be reported as wasted
        link.rel = as ? "prefetch" : "modulepreload";
        if (as) {
          link.as = as;
          // as the module's loader will link it (crossorigin)
          link.crossOrigin = "";
        }
        link.href = href;
        loaded = new Promise<void>((resolve) => {
          link.onload = link.onerror = () => resolve();
        });
        preloaded.set(href, loaded);
        document.head.append(link);
      }
      return loaded;
    });
}

/** Each island once, as what it contains comes within the margin of the screen (its element has no box of its own). */
function whenNear(
  islandElement: string,
  islands: Iterable<Element>,
  rootMargin: string,
  onNear: (island: Element) => void,
): void {
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        const island = entry.target.closest(islandElement);
        if (island) onNear(island);
      }
    },
    { rootMargin },
  );
  for (const island of islands) if (island.firstElementChild) near.observe(island.firstElementChild);
}

/**
 * A click on a part whose code has not arrived yet, where the link alone would do something else (the map would
 * leave the site, the call button would dial at a desk): held from the first moment the page shows, and given to
 * the part once it is interactive; only if its code is late does the link do what it does without scripts.
 */
function holdClicks(
  markup: BootMarkup,
  isLive: (island: Element) => boolean,
  reachFor: (island: Element) => Promise<void>,
): void {
  const held = `${markup.replay}-held`;
  addEventListener(
    "click",
    (event) => {
      const mouse = event as MouseEvent;
      if (event.defaultPrevented || mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey) return;
      if (mouse.altKey) return;
      const target = (event.target as Element | null)?.closest?.(`[${markup.replay}]`);
      const island = target?.closest(markup.island);
      if (!target || !island || isLive(island)) return;
      event.preventDefault();
      if (island.hasAttribute(held)) return;
      island.setAttribute(held, "");
      const name = target.getAttribute(markup.replay) ?? "";
      const href = target.closest("a")?.href;
      let settled = false;
      const late = setTimeout(() => {
        settled = true;
        island.removeAttribute(held);
        if (href) location.href = href;
      }, markup.replayDeadlineMs);
      reachFor(island)
        .then(() => {
          if (settled) return;
          settled = true;
          clearTimeout(late);
          island.removeAttribute(held);
          (island.querySelector(`[${markup.replay}="${name}"]`) as HTMLElement | null)?.click();
        })
        .catch(() => undefined);
    },
    true,
  );
}

/**
 * Each island is made interactive when the visitor reaches for it (a pointer over it, a touch, focus, typing); a
 * button pressed before its code has arrived (by pointer, or Enter) is pressed again once it has.
 */
function reachWhenTouched(islands: readonly Element[], reachFor: (island: Element) => Promise<void>): void {
  const reach = ["pointerover", "pointerdown", "touchstart", "focusin", "input", "click"];
  for (const island of islands) {
    let pressed: HTMLButtonElement | null = null;
    const press = (event: Event) => {
      const button = (event.target as Element).closest("button");
      // a form's own submit button sends it the browser's way meanwhile: never pressed twice
      if (button && button.type !== "submit") pressed = button;
    };
    island.addEventListener("click", press, true);
    const reached = () => {
      for (const type of reach) island.removeEventListener(type, reached, true);
      void reachFor(island).then(() => {
        island.removeEventListener("click", press, true);
        if (pressed?.isConnected) pressed.click();
      });
    };
    for (const type of reach) island.addEventListener(type, reached, { capture: true, passive: true });
  }
}

/**
 * Team host: one page view in `rate` measures its visitor's Web Vitals (src/vitals/report-vitals.ts): its script is
 * loaded only after the page's load event, once the browser is idle, so the page's own loading (and Lighthouse's
 * view of it) is over before it is fetched. Nothing depends on it; a failed load is ignored. The route's pattern is
 * written on the page's root element (data-fleet-vitals-route), where the script reads it.
 */
export function measureVitals(vitals: { src: string; rate: number; route: string } | undefined): void {
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

const MARKUP: BootMarkup = {
  bootId: "fleet-boot",
  hydrateKey: "__fleetHydrate",
  islandId: ISLAND_ATTRIBUTES.id,
  submitting: NATIVE_SUBMIT_ATTRIBUTE,
  island: ISLAND_ELEMENT,
  hydrate: ISLAND_ATTRIBUTES.hydrate,
  eager: EAGER_HYDRATION,
  replay: ISLAND_ATTRIBUTES.replay,
  codeState: ISLAND_ATTRIBUTES.code,
  replayDeadlineMs: 3_000,
};

export const BOOT_ELEMENT_ID = MARKUP.bootId;
export const HYDRATE_KEY = MARKUP.hydrateKey;
/** The functions the boot calls, declared in the page's script as they are here. */
const BOOT_HELPERS = [measureVitals, preloader, whenNear, holdClicks, reachWhenTouched].map(String).join("");

export const BOOT_SCRIPT = `${BOOT_HELPERS}(${guardNativeSubmits.toString()})(${JSON.stringify(MARKUP.submitting)});(${sendInPlace.toString()})(${JSON.stringify(
  { ...IN_PLACE_FORM, formField: FORM_FIELD },
)});(${boot.toString()})(${JSON.stringify(MARKUP)});`;
