import type { FormEvent } from "react";
import {
  facetValueLabel,
  formatPrice,
  type InventoryFacets,
  type InventoryFilter,
  type InventoryView,
  type ListFacet,
  type RangeFacet,
} from "shared-types";

/** One end of a range chosen from the values on offer (the year range from the years the inventory has), or Any. */
function BoundSelect({
  label,
  values,
  value,
  onChange,
}: {
  label: string;
  values: readonly number[];
  value: number;
  onChange: (bound: number) => void;
}) {
  return (
    <label>
      {label}{" "}
      <select value={value || ""} onChange={(event) => onChange(Number.parseInt(event.target.value, 10) || 0)}>
        <option value="">Any</option>
        {values.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A range whose bounds are values of a list facet (the year range, From and To among the years on offer). */
export function RangeOfValues({
  range,
  values,
  filter,
  setFilter,
}: {
  range: RangeFacet;
  values: readonly number[];
  filter: InventoryFilter;
  setFilter: (next: InventoryFilter) => void;
}) {
  const ascending = [...values].sort((a, b) => a - b);
  return (
    <fieldset className="inventory-refine__inline">
      <legend>{range.label}</legend>
      <BoundSelect
        label="From"
        values={ascending}
        value={filter[range.lower]}
        onChange={(bound) => setFilter({ ...filter, [range.lower]: bound })}
      />
      <BoundSelect
        label="To"
        values={ascending}
        value={filter[range.upper]}
        onChange={(bound) => setFilter({ ...filter, [range.upper]: bound })}
      />
    </fieldset>
  );
}

/**
 * The Search Term tab: the words and the amount ranges (the price) sent together with one button, and the
 * single-choice facets (condition, "All" for none) beside them, applied as chosen.
 */
export function SearchPanel({
  idPrefix,
  view,
  facets,
  ranges,
  singleChoices,
  onChange,
}: {
  idPrefix: string;
  view: InventoryView;
  facets: InventoryFacets | null;
  ranges: readonly RangeFacet[];
  singleChoices: readonly ListFacet[];
  onChange: (next: Partial<InventoryView>) => void;
}) {
  const filter = view.filter;
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const amount = (name: string) => Math.max(0, Math.round(Number(data.get(name)) || 0));
    onChange({
      search: String(data.get("search") ?? "").trim(),
      filter: {
        ...filter,
        ...Object.fromEntries(ranges.flatMap((r) => [r.lower, r.upper]).map((bound) => [bound, amount(bound)])),
      },
    });
  };
  const bounds = ranges.map((r) => `${filter[r.lower]}|${filter[r.upper]}`).join("|");
  return (
    <form className="inventory-refine__search" onSubmit={onSearch} key={`${view.search}|${bounds}`}>
      <label htmlFor={`${idPrefix}-search`}>Search Term</label>
      <input
        id={`${idPrefix}-search`}
        name="search"
        type="search"
        defaultValue={view.search}
        placeholder="Backup Camera, Lifted, Red, 2019, Cadillac..."
      />
      {ranges.map((range) => {
        const matches = facets?.[range.key as "price"];
        return (
          <fieldset key={range.key} className="inventory-refine__inline">
            <legend>{range.label}</legend>
            {(
              [
                ["From", range.lower],
                ["To", range.upper],
              ] as const
            ).map(([end, bound]) => (
              <label key={bound}>
                {end} $
                <input
                  name={bound}
                  type="number"
                  min={0}
                  step={500}
                  inputMode="numeric"
                  defaultValue={filter[bound] || ""}
                />
              </label>
            ))}
            {matches && matches.upper > 0 ? (
              <span className="inventory-muted">
                Priced matches run {formatPrice(Math.floor(matches.lower))} to {formatPrice(Math.ceil(matches.upper))}
              </span>
            ) : null}
          </fieldset>
        );
      })}
      <button type="submit" className="host-button host-button--primary">
        Search
      </button>
      {singleChoices.map((facet) => {
        const chosen = filter[facet.key] as readonly (string | number)[];
        const choices: (string | number)[] = ["", ...(facet.values ?? [])];
        return (
          <fieldset key={facet.key} className="inventory-refine__inline">
            <legend>{facet.label}</legend>
            {choices.map((value) => (
              <label key={value || "all"}>
                <input
                  type="radio"
                  name={`${idPrefix}-${facet.key}`}
                  checked={(chosen[0] ?? "") === value}
                  onChange={() => onChange({ filter: { ...filter, [facet.key]: value === "" ? [] : [value] } })}
                />
                {value === "" ? "All" : facetValueLabel(facet, value)}
              </label>
            ))}
          </fieldset>
        );
      })}
    </form>
  );
}
