import { type FormEvent, useState } from "react";
import {
  BODY_TYPE_LABELS,
  CAB_TYPE_LABELS,
  emptyInventoryFilter,
  FUEL_LABELS,
  formatPrice,
  gvwrClassLabel,
  type InventoryFacets,
  type InventoryFilter,
  type InventoryView,
  SORT_OPTIONS,
  toggleMake,
  toggleModel,
} from "shared-types";

type TabId = "search" | "year" | "make-model" | "body-style" | "work-truck" | "sort";

const TABS: readonly { id: TabId; label: string }[] = [
  { id: "search", label: "Search Term" },
  { id: "year", label: "Year" },
  { id: "make-model", label: "Make and Model" },
  { id: "body-style", label: "Body Style" },
  { id: "work-truck", label: "Work Truck" },
  { id: "sort", label: "Sort Order" },
];

/** One facet value: what it is, how it reads, how many units choosing it gives. */
interface FacetOption<V> {
  value: V;
  label: string;
  count: number;
}

/**
 * A facet's checkboxes, each with its count (the other filters applied). A value no unit would match is disabled
 * unless chosen, so it can always be unchosen.
 */
function FacetOptions<V extends string | number>({
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

/** One end of the year range: a year on offer, or Any (0). */
function YearBound({
  label,
  years,
  value,
  onChange,
}: {
  label: string;
  years: readonly number[];
  value: number;
  onChange: (year: number) => void;
}) {
  return (
    <label>
      {label}{" "}
      <select value={value || ""} onChange={(event) => onChange(Number.parseInt(event.target.value, 10) || 0)}>
        <option value="">Any</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface RefineToolbarProps {
  view: InventoryView;
  /** The counts that came with the current page; null until the first page arrives. */
  facets: InventoryFacets | null;
  /** A new view: the page puts it in the URL, which is where the search state lives. */
  onChange: (next: Partial<InventoryView>) => void;
}

const toggled = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/**
 * The sticky Refine Search toolbar (SPEC §2, §4): one tab open at a time (clicking the open one closes it), make
 * sections collapsed until opened, a make and its models mutually exclusive, condition single-valued.
 */
export function RefineToolbar({ view, facets, onChange }: RefineToolbarProps) {
  // a fixed prefix, not useId: the server renders this region as its own root, so tree-position ids would differ
  const id = "inventory-refine";
  const [open, setOpen] = useState<TabId | null>(null);
  const [openMakes, setOpenMakes] = useState<ReadonlySet<string>>(new Set());
  const filter = view.filter;
  const setFilter = (next: InventoryFilter) => onChange({ filter: next });

  const selectedCount: Record<TabId, number> = {
    search:
      (view.search ? 1 : 0) + filter.condition.length + (filter.price_lower > 0 || filter.price_upper > 0 ? 1 : 0),
    year: filter.year.length + (filter.year_min > 0 || filter.year_max > 0 ? 1 : 0),
    "make-model": filter.make.length + filter.model.length,
    "body-style": filter.body_style.length,
    "work-truck": filter.gvwr_class.length + filter.body_type.length + filter.fuel.length + filter.cab_type.length,
    sort: 0,
  };
  const yearsAscending = (facets?.year ?? []).map((f) => f.value).sort((a, b) => a - b);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const price = (name: string) => Math.max(0, Math.round(Number(data.get(name)) || 0));
    onChange({
      search: String(data.get("search") ?? "").trim(),
      filter: { ...filter, price_lower: price("price_lower"), price_upper: price("price_upper") },
    });
  };

  const panel = (tab: TabId) => {
    switch (tab) {
      case "search":
        return (
          <form
            className="inventory-refine__search"
            onSubmit={onSearch}
            key={`${view.search}|${filter.price_lower}|${filter.price_upper}`}
          >
            <label htmlFor={`${id}-search`}>Search Term</label>
            <input
              id={`${id}-search`}
              name="search"
              type="search"
              defaultValue={view.search}
              placeholder="Backup Camera, Lifted, Red, 2019, Cadillac..."
            />
            <fieldset className="inventory-refine__inline">
              <legend>Price</legend>
              <label>
                From $
                <input
                  name="price_lower"
                  type="number"
                  min={0}
                  step={500}
                  inputMode="numeric"
                  defaultValue={filter.price_lower || ""}
                />
              </label>
              <label>
                To $
                <input
                  name="price_upper"
                  type="number"
                  min={0}
                  step={500}
                  inputMode="numeric"
                  defaultValue={filter.price_upper || ""}
                />
              </label>
              {facets && facets.price.upper > 0 ? (
                <span className="inventory-muted">
                  Priced matches run {formatPrice(Math.floor(facets.price.lower))} to{" "}
                  {formatPrice(Math.ceil(facets.price.upper))}
                </span>
              ) : null}
            </fieldset>
            <button type="submit" className="inventory-button inventory-button--primary">
              Search
            </button>
            <fieldset className="inventory-refine__inline">
              <legend>Condition</legend>
              {(["", "new", "used"] as const).map((condition) => (
                <label key={condition || "all"}>
                  <input
                    type="radio"
                    name={`${id}-condition`}
                    checked={(filter.condition[0] ?? "") === condition}
                    onChange={() => setFilter({ ...filter, condition: condition ? [condition] : [] })}
                  />
                  {condition === "" ? "All" : condition === "new" ? "New" : "Used"}
                </label>
              ))}
            </fieldset>
          </form>
        );
      case "year":
        return (
          <div className="inventory-refine__group">
            <fieldset className="inventory-refine__inline">
              <legend>Year range</legend>
              <YearBound
                label="From"
                years={yearsAscending}
                value={filter.year_min}
                onChange={(year_min) => setFilter({ ...filter, year_min })}
              />
              <YearBound
                label="To"
                years={yearsAscending}
                value={filter.year_max}
                onChange={(year_max) => setFilter({ ...filter, year_max })}
              />
            </fieldset>
            <FacetOptions
              legend="Year"
              hideLegend
              options={(facets?.year ?? []).map((f) => ({ ...f, label: String(f.value) }))}
              selected={filter.year}
              onToggle={(year) => setFilter({ ...filter, year: toggled(filter.year, year) })}
            />
          </div>
        );
      case "make-model":
        return (
          <div className="inventory-refine__makes">
            {(facets?.make ?? []).map(({ value: make, count: makeCount }) => {
              const modelFacets = (facets?.model ?? []).filter((m) => m.make === make);
              const models = modelFacets.map((m) => m.value);
              const expanded = openMakes.has(make);
              const listId = `${id}-models-${make.replace(/\W/g, "")}`;
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
                      onClick={() => setOpenMakes((current) => new Set(toggled([...current], make)))}
                    >
                      {make} models
                    </button>
                  </div>
                  {expanded ? (
                    <div id={listId}>
                      <FacetOptions
                        legend={`${make} models`}
                        hideLegend
                        options={modelFacets.map((m) => ({ value: m.value, label: m.value, count: m.count }))}
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
      case "body-style":
        return (
          <FacetOptions
            legend="Body Style"
            hideLegend
            options={(facets?.body_style ?? []).map((f) => ({ ...f, label: f.value }))}
            selected={filter.body_style}
            onToggle={(style) => setFilter({ ...filter, body_style: toggled(filter.body_style, style) })}
          />
        );
      case "work-truck":
        return (
          <div className="inventory-refine__group inventory-refine__group--columns">
            <FacetOptions
              legend="GVWR class"
              options={(facets?.gvwr_class ?? []).map((f) => ({ ...f, label: gvwrClassLabel(f.value) }))}
              selected={filter.gvwr_class}
              onToggle={(value) => setFilter({ ...filter, gvwr_class: toggled(filter.gvwr_class, value) })}
            />
            <FacetOptions
              legend="Body or upfit"
              options={(facets?.body_type ?? []).map((f) => ({ ...f, label: BODY_TYPE_LABELS[f.value] }))}
              selected={filter.body_type}
              onToggle={(value) => setFilter({ ...filter, body_type: toggled(filter.body_type, value) })}
            />
            <FacetOptions
              legend="Fuel"
              options={(facets?.fuel ?? []).map((f) => ({ ...f, label: FUEL_LABELS[f.value] }))}
              selected={filter.fuel}
              onToggle={(value) => setFilter({ ...filter, fuel: toggled(filter.fuel, value) })}
            />
            <FacetOptions
              legend="Cab"
              options={(facets?.cab_type ?? []).map((f) => ({ ...f, label: CAB_TYPE_LABELS[f.value] }))}
              selected={filter.cab_type}
              onToggle={(value) => setFilter({ ...filter, cab_type: toggled(filter.cab_type, value) })}
            />
          </div>
        );
      case "sort":
        return (
          <fieldset className="inventory-refine__options">
            <legend className="inventory-visually-hidden">Sort Order</legend>
            {SORT_OPTIONS.map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name={`${id}-sort`}
                  checked={view.sort === option.value}
                  onChange={() => onChange({ sort: option.value })}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        );
    }
  };

  return (
    <section className="inventory-refine" aria-label="Refine Search">
      <div className="inventory-refine__bar">
        <span className="inventory-refine__title">Refine Search</span>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            className="inventory-refine__tab"
            aria-expanded={open === tab.id}
            aria-controls={`${id}-${tab.id}`}
            onClick={() => setOpen((current) => (current === tab.id ? null : tab.id))}
          >
            {tab.label}
            {selectedCount[tab.id] > 0 ? (
              <span className="inventory-refine__count"> ({selectedCount[tab.id]})</span>
            ) : null}
          </button>
        ))}
        <button
          type="button"
          className="inventory-refine__clear"
          onClick={() => onChange({ search: "", filter: emptyInventoryFilter() })}
        >
          Clear All
        </button>
      </div>
      {open ? (
        <div id={`${id}-${open}`} className="inventory-refine__panel">
          {facets || open === "search" || open === "sort" ? panel(open) : <p className="inventory-muted">Loading...</p>}
        </div>
      ) : null}
    </section>
  );
}
