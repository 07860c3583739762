import { useState } from "react";
import {
  type InventoryFacets,
  type InventoryFilter,
  type ListFacet,
  listFacets,
  toggleMake,
  toggleModel,
} from "shared-types";
import { FacetOptions, toggled } from "./facet-options";

/**
 * A facet whose values belong to another's (models to makes): each parent value a row ("All GMC"), its children
 * collapsed until opened, a parent and its children mutually exclusive (SPEC §4).
 */
export function MakeAndModelOptions({
  parent,
  child,
  facets,
  filter,
  setFilter,
  idPrefix,
}: {
  parent: ListFacet;
  child: ListFacet;
  facets: InventoryFacets;
  filter: InventoryFilter;
  setFilter: (next: InventoryFilter) => void;
  idPrefix: string;
}) {
  const [openParents, setOpenParents] = useState<ReadonlySet<string>>(new Set());
  const parentCounts = facets[parent.key as "make"] ?? [];
  const childCounts = facets[child.key as "model"] ?? [];
  return (
    <div className="inventory-refine__makes">
      {parentCounts.map(({ value: make, count: makeCount }) => {
        const childFacets = childCounts.filter((m) => m.make === make);
        const models = childFacets.map((m) => m.value);
        const expanded = openParents.has(make);
        const listId = `${idPrefix}-models-${make.replace(/\W/g, "")}`;
        return (
          <div key={make} className="inventory-refine__make">
            <div className="inventory-refine__make-row">
              <label>
                <input
                  type="checkbox"
                  checked={filter.make.includes(make)}
                  onChange={() => setFilter(toggleMake(filter, make, models))}
                />
                <span>
                  All {make} <span className="inventory-refine__n">({makeCount})</span>
                </span>
              </label>
              <button
                type="button"
                className="inventory-refine__expand"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setOpenParents((current) => new Set(toggled([...current], make)))}
              >
                {make} models
              </button>
            </div>
            {expanded ? (
              <div id={listId}>
                <FacetOptions
                  legend={`${make} models`}
                  hideLegend
                  options={childFacets.map((m) => ({ value: m.value, label: m.value, count: m.count }))}
                  selected={filter.model}
                  onToggle={(model) => setFilter(toggleModel(filter, make, model))}
                />
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** The facet nested under `facet`, if any (a make's models). */
export const childOf = (facet: ListFacet) => listFacets.find((f) => f.parent === facet.key);
