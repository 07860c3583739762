import { useMemo } from "react";
import {
  breadcrumbJsonLd,
  itemListJsonLd,
  usePageHead,
  useResource,
  useServerRender,
  useSite,
  useStableValue,
} from "remote-kit";
import { useSearchParams } from "remote-kit/router";
import { type InventoryView, inventoryViewToParams, paths } from "shared-types";
import { parseInventoryView } from "shared-types/schemas";
import { inventoryPageResource, newVisitSeed, relatedVehiclesResource, VISIT_SEED_KEY } from "../api/resources";
import { toInventoryCards, toVehicleCard } from "../components/vehicle-card";
import InventorySearch from "../islands/inventory-search";
import { vehicleTitle } from "../seo/structured-data";

/** "GMC trucks and vans for sale" when one make is chosen, else the search's own title; the page number after. */
function inventoryTitle(view: InventoryView): string {
  const make = view.filter.make.length === 1 && view.filter.model.length === 0 ? view.filter.make[0] : undefined;
  const base = make
    ? `${make} trucks and vans for sale, Calgary`
    : "Find Your Vehicle: fleet trucks and vans for sale, Calgary";
  return view.page > 1 ? `${base} (page ${view.page})` : base;
}

/** /inventory: the page's head, and the search (an island) with the results the server loaded for its address. */
export function InventoryPage() {
  const [params] = useSearchParams();
  const view = useMemo(() => parseInventoryView(params), [params]);
  const seed = useStableValue(VISIT_SEED_KEY, newVisitSeed);
  // on the server the results are loaded before the page renders; a page the browser renders lets the search ask
  const server = useServerRender();
  const load = useResource(server ? inventoryPageResource : null, view, seed);
  const related = useResource(server ? relatedVehiclesResource : null);
  const { siteUrl } = useSite();

  const result = load.status === "done" ? load.value : null;
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
        (result?.vehicles ?? []).map((v) => ({
          name: vehicleTitle(v),
          path: paths.vehicle(v.stock_number),
          image: v.primary_image,
        })),
      ),
      breadcrumbJsonLd(siteUrl, [{ name: "Inventory", path: paths.inventory() }]),
    ],
  });

  return (
    <InventorySearch
      view={view}
      seed={seed}
      result={result && toInventoryCards(result)}
      related={related.status === "done" ? related.value.map(toVehicleCard) : null}
    />
  );
}
