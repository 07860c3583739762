import { memo, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { defineIsland, Link, PeerForm } from "remote-kit";
import {
  emptyInventoryFilter,
  INVENTORY_PAGE_SIZE,
  type InventoryView,
  inventoryViewToParams,
  paths,
} from "shared-types";
import { FleetQuoteCount } from "../components/fleet-quote-count";
import { RefineToolbar } from "../components/refine-toolbar/refine-toolbar";
import { type InventoryCards, toInventoryCards, type VehicleCard } from "../components/vehicle-card";
import { VehicleListItem } from "../components/vehicle-list-item";
import CONSUMES from "../contracts/consumes";
import { pageNumbers, rangeText } from "../pager";

export interface InventorySearchProps {
  view: InventoryView;
  /** The visit's random order (one per visit, so paging a random sort shows every unit once). */
  seed: number;
  /** The page of results the server rendered; null when it could not (the browser asks). */
  result: InventoryCards | null;
  /** For an empty search: the newest units of the whole inventory. */
  related: VehicleCard[] | null;
}

type Load = { status: "done"; result: InventoryCards } | { status: "loading"; previous: InventoryCards | null };

/**
 * The results: rendered again only when they change, not on every choice in the toolbar (which must answer the
 * visitor's tap in the next frame, on a phone too).
 */
const VehicleList = memo(function VehicleList({ vehicles }: { vehicles: VehicleCard[] }) {
  return (
    <ul className="inventory-list">
      {vehicles.map((v, i) => (
        <VehicleListItem key={v.stock_number} vehicle={v} first={i === 0} />
      ))}
    </ul>
  );
});

const hrefOf = (view: InventoryView) => {
  const query = inventoryViewToParams(view).toString();
  return `${paths.inventory()}${query ? `?${query}` : ""}`;
};

/** Whether the results are on their way, or could not be had. */
function LoadNotice({ load, failed }: { load: Load; failed: boolean }) {
  if (failed) return <p role="alert">We couldn't load the inventory just now. Please try again in a moment.</p>;
  if (load.status !== "loading") return null;
  if (!load.previous) return <p className="inventory-muted">Loading...</p>;
  return (
    <p className="inventory-muted" role="status">
      Updating results...
    </p>
  );
}

/** Nothing matches: the way back to everything, related units, and a request to find the vehicle. */
function NoMatches({
  view,
  related,
  onReset,
}: {
  view: InventoryView;
  related: VehicleCard[] | null;
  onReset: () => void;
}) {
  return (
    <div className="inventory-empty" role="status">
      <p>No vehicles match that criteria. Try clearing your filters, or selecting new ones</p>
      <button type="button" className="host-button" onClick={onReset}>
        Reset all Filters
      </button>
      {related && related.length > 0 ? (
        <>
          <h2 className="inventory-empty__related">Related vehicles that might interest you:</h2>
          <ul className="inventory-list">
            {related.map((v) => (
              <VehicleListItem key={v.stock_number} vehicle={v} />
            ))}
          </ul>
        </>
      ) : null}
      <section className="inventory-finder" aria-label="Find me this vehicle">
        <PeerForm
          use={CONSUMES.modules.vehicleFinderForm}
          props={{ make: view.filter.make[0] ?? "", model: view.filter.model[0] ?? "", search: view.search }}
        />
      </section>
    </div>
  );
}

/** The links to the first, previous, numbered, next and last pages of the results. */
function Pager({ view, totalPages }: { view: InventoryView; totalPages: number }) {
  const pageHref = (page: number) => hrefOf({ ...view, page });
  return (
    <nav className="inventory-pager" aria-label="Pages">
      <Link to={pageHref(1)}>First</Link>
      {view.page > 1 ? <Link to={pageHref(view.page - 1)}>Previous</Link> : null}
      {pageNumbers(view.page, totalPages).map((n) => (
        <Link key={n} to={pageHref(n)} aria-current={n === view.page ? "page" : undefined}>
          {n}
        </Link>
      ))}
      {view.page < totalPages ? <Link to={pageHref(view.page + 1)}>Next</Link> : null}
      <Link to={pageHref(totalPages)}>Last</Link>
    </nav>
  );
}

/**
 * The inventory search (an island): the toolbar with its facets and the results they give. Choosing a facet
 * updates the results in place and the address (so the view can be shared and Back works); the pager's links load
 * their page. Before its code arrives the results and the pager work as plain HTML.
 */
function InventorySearch({ view: initialView, seed, result, related }: InventorySearchProps) {
  const [view, setView] = useState(initialView);
  const [load, setLoad] = useState<Load>(result ? { status: "done", result } : { status: "loading", previous: null });
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const fetchView = useCallback(
    async (next: InventoryView) => {
      const request = ++latest.current;
      setLoad((current) => ({
        status: "loading",
        previous: current.status === "done" ? current.result : current.previous,
      }));
      setFailed(false);
      try {
        const { fetchInventoryPage } = await import("../api/inventory-api");
        const page = await fetchInventoryPage(next, seed);
        if (request === latest.current) setLoad({ status: "done", result: toInventoryCards(page) });
      } catch {
        if (request === latest.current) setFailed(true);
      }
    },
    [seed],
  );

  // the server could not give the results: ask for them; otherwise get the code that asks ready while idle, so the
  // visitor's first choice does not wait for it
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the view the page was opened with
  useEffect(() => {
    if (!result) void fetchView(initialView);
    else if ("requestIdleCallback" in window) window.requestIdleCallback(() => void import("../api/inventory-api"));
  }, []);

  // Back and Forward move between the views chosen here
  useEffect(() => {
    const onPop = async () => {
      if (window.location.pathname !== paths.inventory()) return;
      const { parseInventoryView } = await import("shared-types/schemas");
      const next = parseInventoryView(new URLSearchParams(window.location.search));
      setView(next);
      void fetchView(next);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [fetchView]);

  const go = (next: Partial<InventoryView>) => {
    const chosen = { ...view, page: 1, ...next };
    setView(chosen);
    window.history.pushState(null, "", hrefOf(chosen));
    void fetchView(chosen);
  };

  const shown = load.status === "done" ? load.result : load.previous;
  const totalPages = shown ? Math.max(1, Math.ceil(shown.size / INVENTORY_PAGE_SIZE)) : 1;

  return (
    <div className="inventory-page">
      <header className="inventory-header">
        <h1 className="inventory-page__title">Find Your Vehicle</h1>
        <p className="inventory-count" aria-live="polite">
          {shown ? rangeText(shown.page, INVENTORY_PAGE_SIZE, shown.size) : "\u00a0"}
        </p>
        <FleetQuoteCount />
      </header>
      {/* the facets' counts come with the page they belong to, in the same answer */}
      <RefineToolbar view={view} facets={shown?.facets ?? null} onChange={go} />
      <LoadNotice load={load} failed={failed} />
      {shown && shown.size === 0 ? (
        <NoMatches view={view} related={related} onReset={() => go({ search: "", filter: emptyInventoryFilter() })} />
      ) : null}
      {/* a boundary of its own: React makes the toolbar interactive first and adopts the results' HTML after it (a
          tap on a result before then is given to it once adopted), so the first touch waits for the toolbar alone */}
      <Suspense>
        {shown && shown.size > 0 ? (
          <>
            <VehicleList vehicles={shown.vehicles} />
            {totalPages > 1 ? <Pager view={view} totalPages={totalPages} /> : null}
          </>
        ) : null}
      </Suspense>
      <section className="inventory-saved-search" aria-label="Email me new matches">
        <PeerForm
          use={CONSUMES.modules.savedSearchForm}
          props={{ search: view.search, filters: JSON.stringify(view.filter) }}
        />
      </section>
    </div>
  );
}

export default defineIsland("inventory/island/search", InventorySearch, { hydrate: "interaction" });
