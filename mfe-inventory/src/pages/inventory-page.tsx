import { useMemo } from "react";
import { breadcrumbJsonLd, itemListJsonLd, usePageHead, useResource, useSite, useStableValue } from "remote-kit";
import { Link, useSearchParams } from "remote-kit/router";
import {
  emptyInventoryFilter,
  INVENTORY_PAGE_SIZE,
  type InventoryView,
  inventoryViewToParams,
  paths,
} from "shared-types";
import { parseInventoryView } from "shared-types/schemas";
import { inventoryPageResource, newVisitSeed, relatedVehiclesResource, VISIT_SEED_KEY } from "../api/resources";
import { LeadsForm } from "../components/leads-form";
import { RefineToolbar } from "../components/refine-toolbar";
import { VehicleListItem } from "../components/vehicle-list-item";
import CONSUMES from "../contracts/consumes";
import { pageNumbers, rangeText } from "../pager";
import { vehicleTitle } from "../seo/structured-data";

/** The empty state's suggestions: the newest units of the whole inventory. */
function RelatedVehicles() {
  const related = useResource(relatedVehiclesResource);
  if (related.status !== "done" || related.value.length === 0) return null;
  return (
    <>
      <h2 className="inventory-empty__related">Related vehicles that might interest you:</h2>
      <ul className="inventory-list">
        {related.value.map((v) => (
          <VehicleListItem key={v.stock_number} vehicle={v} />
        ))}
      </ul>
    </>
  );
}

/** "GMC trucks and vans for sale" when one make is chosen, else the search's own title; the page number after. */
function inventoryTitle(view: InventoryView): string {
  const make = view.filter.make.length === 1 && view.filter.model.length === 0 ? view.filter.make[0] : undefined;
  const base = make
    ? `${make} trucks and vans for sale, Calgary`
    : "Find Your Vehicle: fleet trucks and vans for sale, Calgary";
  return view.page > 1 ? `${base} (page ${view.page})` : base;
}

export function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseInventoryView(params), [params]);
  const seed = useStableValue(VISIT_SEED_KEY, newVisitSeed);
  const load = useResource(inventoryPageResource, view, seed);
  const { siteUrl } = useSite();

  const result = load.status === "done" ? load.value : load.status === "loading" ? load.previous : undefined;
  const query = inventoryViewToParams(view).toString();
  usePageHead({
    title: inventoryTitle(view),
    description: `${result ? `${result.size} new and used` : "New and used"} GM and Isuzu trucks, vans and chassis cabs for sale at our Calgary fleet dealership: search by make, model, year, body style and price.`,
    canonical: `${paths.inventory()}${query ? `?${query}` : ""}`,
    image: result?.vehicles[0]?.primary_image,
    jsonLd: [
      itemListJsonLd(
        siteUrl,
        "Find Your Vehicle",
        (load.status === "done" ? load.value.vehicles : []).map((v) => ({
          name: vehicleTitle(v),
          path: paths.vehicle(v.stock_number),
          image: v.primary_image,
        })),
      ),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: paths.home() },
        { name: "Inventory", path: paths.inventory() },
      ]),
    ],
  });

  const go = (next: Partial<InventoryView>) => setParams(inventoryViewToParams({ ...view, page: 1, ...next }));
  const totalPages = result ? Math.max(1, Math.ceil(result.size / INVENTORY_PAGE_SIZE)) : 1;

  return (
    <div className="inventory-page">
      <header className="inventory-header">
        <h1 className="inventory-page__title">Find Your Vehicle</h1>
        <p className="inventory-count" aria-live="polite">
          {result ? rangeText(result.page, INVENTORY_PAGE_SIZE, result.size) : "\u00a0"}
        </p>
      </header>
      {/* the facets' counts come with the page they belong to, in the same answer */}
      <RefineToolbar view={view} facets={result?.facets ?? null} onChange={go} />
      {load.status === "loading" && !load.previous ? <p className="inventory-muted">Loading...</p> : null}
      {load.status === "loading" && load.previous ? (
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
              use={CONSUMES.modules.vehicleFinderForm}
              props={{ make: view.filter.make[0] ?? "", model: view.filter.model[0] ?? "", search: view.search }}
            />
          </section>
        </div>
      ) : null}
      {result && result.size > 0 ? (
        <>
          <ul className="inventory-list">
            {result.vehicles.map((v, i) => (
              <VehicleListItem key={v.stock_number} vehicle={v} first={i === 0} />
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
