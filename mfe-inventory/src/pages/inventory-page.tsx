import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  applyPageMeta,
  emptyInventoryFilter,
  INVENTORY_PAGE_SIZE,
  type InventoryProperties,
  type InventoryResult,
  type InventoryView,
  inventoryViewToParams,
  parseInventoryView,
  type Vehicle,
} from "shared-types";
import { fetchInventoryPage } from "../api/inventory-api";
import { fetchInventoryProperties, fetchRelatedVehicles } from "../api/inventory-properties";
import { LeadsForm } from "../components/leads-form";
import { RefineToolbar } from "../components/refine-toolbar";
import { VehicleListItem } from "../components/vehicle-list-item";
import { pageNumbers, rangeText } from "../pager";

// one random order per visit, so paging a random sort shows every unit once
const visitSeed = Math.floor(Math.random() * 1_000_000);

/** The empty state's suggestions: the newest units of the whole inventory. */
function RelatedVehicles() {
  const [vehicles, setVehicles] = useState<Vehicle[]>([]);
  useEffect(() => {
    fetchRelatedVehicles().then(setVehicles, () => setVehicles([]));
  }, []);
  if (vehicles.length === 0) return null;
  return (
    <>
      <h2 className="inventory-empty__related">Related vehicles that might interest you:</h2>
      <ul className="inventory-list">
        {vehicles.map((v) => (
          <VehicleListItem key={v.stock_number} vehicle={v} />
        ))}
      </ul>
    </>
  );
}

type Load =
  | { status: "loading"; last: InventoryResult | null }
  | { status: "done"; result: InventoryResult }
  | { status: "failed" };

export function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseInventoryView(params), [params]);
  const key = inventoryViewToParams(view).toString();
  const [load, setLoad] = useState<Load>({ status: "loading", last: null });

  useEffect(
    () =>
      applyPageMeta(
        "Find Your Vehicle: fleet trucks and vans for sale, Calgary",
        "Search new and used GM and Isuzu trucks, vans and chassis cabs for sale at our Calgary fleet dealership.",
      ),
    [],
  );
  const [properties, setProperties] = useState<InventoryProperties | null>(null);
  useEffect(() => {
    // the toolbar's options; without them the toolbar still searches, sorts and clears
    fetchInventoryProperties().then(setProperties, () => setProperties(null));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL key names the view
  useEffect(() => {
    let current = true;
    setLoad((previous) => ({ status: "loading", last: previous.status === "done" ? previous.result : null }));
    fetchInventoryPage(view, visitSeed).then(
      (result) => current && setLoad({ status: "done", result }),
      () => current && setLoad({ status: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [key]);

  const go = (next: Partial<InventoryView>) => setParams(inventoryViewToParams({ ...view, page: 1, ...next }));

  const result = load.status === "done" ? load.result : load.status === "loading" ? load.last : null;
  const totalPages = result ? Math.max(1, Math.ceil(result.size / INVENTORY_PAGE_SIZE)) : 1;

  return (
    <div className="inventory-page">
      <header className="inventory-header">
        <h1 className="inventory-page__title">Find Your Vehicle</h1>
        <p className="inventory-count" aria-live="polite">
          {result ? rangeText(view.page, INVENTORY_PAGE_SIZE, result.size) : "\u00a0"}
        </p>
      </header>
      <RefineToolbar view={view} properties={properties} onChange={go} />
      {load.status === "loading" && !load.last ? <p className="inventory-muted">Loading...</p> : null}
      {load.status === "loading" && load.last ? (
        <p className="inventory-muted" role="status">
          Updating results...
        </p>
      ) : null}
      {load.status === "failed" ? (
        <p role="alert">We couldn't load the inventory just now. Please try again in a moment.</p>
      ) : null}
      {result && result.size === 0 ? (
        <div className="inventory-empty" role="status">
          <p>No vehicles match that criteria. Try clearing your filters, or selecting new ones</p>
          <button
            type="button"
            className="inventory-button"
            onClick={() => go({ search: "", filter: emptyInventoryFilter() })}
          >
            Reset all Filters
          </button>
          <RelatedVehicles />
          <section className="inventory-finder" aria-label="Find me this vehicle">
            <LeadsForm
              form="leads/vehicle-finder-form"
              props={{ make: view.filter.make[0] ?? "", model: view.filter.model[0] ?? "", search: view.search }}
            />
          </section>
        </div>
      ) : null}
      {result && result.size > 0 ? (
        <>
          <ul className="inventory-list">
            {result.vehicles.map((v) => (
              <VehicleListItem key={v.stock_number} vehicle={v} />
            ))}
          </ul>
          {totalPages > 1 ? (
            <nav className="inventory-pager" aria-label="Pages">
              <Link to={`?${inventoryViewToParams({ ...view, page: 1 })}`}>First</Link>
              {view.page > 1 ? (
                <Link to={`?${inventoryViewToParams({ ...view, page: view.page - 1 })}`}>Previous</Link>
              ) : null}
              {pageNumbers(view.page, totalPages).map((n) => (
                <Link
                  key={n}
                  to={`?${inventoryViewToParams({ ...view, page: n })}`}
                  aria-current={n === view.page ? "page" : undefined}
                >
                  {n}
                </Link>
              ))}
              {view.page < totalPages ? (
                <Link to={`?${inventoryViewToParams({ ...view, page: view.page + 1 })}`}>Next</Link>
              ) : null}
              <Link to={`?${inventoryViewToParams({ ...view, page: totalPages })}`}>Last</Link>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
