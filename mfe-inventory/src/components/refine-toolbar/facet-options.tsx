import {
  type FacetCount,
  facetValueLabel,
  type InventoryFacets,
  type ListFacet,
  type ListFacetKey,
} from "shared-types";

/** One facet value: what it is, how it reads, how many units choosing it gives. */
export interface FacetOption<V> {
  value: V;
  label: string;
  count: number;
}

export const toggled = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** A facet's answer as options that read as the page shows them. */
export function optionsOf(facet: ListFacet, facets: InventoryFacets): FacetOption<string | number>[] {
  const counts = (facets[facet.key as keyof InventoryFacets] ?? []) as FacetCount<ListFacetKey>[];
  return counts.map((f) => ({ value: f.value, count: f.count, label: facetValueLabel(facet, f.value) }));
}

/**
 * A facet's checkboxes, each with its count (the other filters applied). A value no unit would match is disabled
 * unless chosen, so it can always be unchosen.
 */
export function FacetOptions<V extends string | number>({
  legend,
  hideLegend = false,
  options,
  selected,
  onToggle,
}: {
  legend: string;
  hideLegend?: boolean;
  options: readonly FacetOption<V>[];
  selected: readonly V[];
  onToggle: (value: V) => void;
}) {
  return (
    <fieldset className="inventory-refine__options">
      <legend className={hideLegend ? "inventory-visually-hidden" : "inventory-refine__legend"}>{legend}</legend>
      {options.map((option) => {
        const checked = selected.includes(option.value);
        return (
          <label key={option.value} className={option.count === 0 && !checked ? "inventory-refine__none" : undefined}>
            <input
              type="checkbox"
              checked={checked}
              disabled={option.count === 0 && !checked}
              onChange={() => onToggle(option.value)}
            />
            <span>
              {option.label} <span className="inventory-refine__n">({option.count})</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
