import { type FormEvent, useState } from "react";
import {
  emptyInventoryFilter,
  formatPrice,
  type InventoryFilter,
  type InventoryProperties,
  type InventoryView,
  SORT_OPTIONS,
  toggleMake,
  toggleModel,
} from "shared-types";

type TabId = "search" | "year" | "make-model" | "body-style" | "sort";

const TABS: readonly { id: TabId; label: string }[] = [
  { id: "search", label: "Search Term" },
  { id: "year", label: "Year" },
  { id: "make-model", label: "Make and Model" },
  { id: "body-style", label: "Body Style" },
  { id: "sort", label: "Sort Order" },
];

export interface RefineToolbarProps {
  view: InventoryView;
  properties: InventoryProperties | null;
  /** A new view: the page puts it in the URL, which is where the search state lives. */
  onChange: (next: Partial<InventoryView>) => void;
}

const toggled = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/**
 * The sticky Refine Search toolbar (SPEC §2, §4): one tab open at a time (clicking the open one closes it), make
 * sections collapsed until opened, a make and its models mutually exclusive, condition single-valued.
 */
export function RefineToolbar({ view, properties, onChange }: RefineToolbarProps) {
  // a fixed prefix, not useId: the server renders this region as its own root, so tree-position ids would differ
  const id = "inventory-refine";
  const [open, setOpen] = useState<TabId | null>(null);
  const [openMakes, setOpenMakes] = useState<ReadonlySet<string>>(new Set());
  const filter = view.filter;
  const setFilter = (next: InventoryFilter) => onChange({ filter: next });

  const selectedCount: Record<TabId, number> = {
    search:
      (view.search ? 1 : 0) + filter.condition.length + (filter.price_lower > 0 || filter.price_upper > 0 ? 1 : 0),
    year: filter.year.length,
    "make-model": filter.make.length + filter.model.length,
    "body-style": filter.body_style.length,
    sort: 0,
  };

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
              {properties && properties.price_upper > 0 ? (
                <span className="inventory-muted">
                  Priced units run {formatPrice(properties.price_lower)} to {formatPrice(properties.price_upper)}
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
          <fieldset className="inventory-refine__options">
            <legend className="inventory-visually-hidden">Year</legend>
            {(properties?.years ?? []).map((year) => (
              <label key={year}>
                <input
                  type="checkbox"
                  checked={filter.year.includes(year)}
                  onChange={() => setFilter({ ...filter, year: toggled(filter.year, year) })}
                />
                {year}
              </label>
            ))}
          </fieldset>
        );
      case "make-model":
        return (
          <div className="inventory-refine__makes">
            {(properties?.makes ?? []).map((make) => {
              const models = properties?.models[make] ?? [];
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
                      All {make}
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
                    <fieldset id={listId} className="inventory-refine__options">
                      <legend className="inventory-visually-hidden">{make} models</legend>
                      {models.map((model) => (
                        <label key={model}>
                          <input
                            type="checkbox"
                            checked={filter.model.includes(model)}
                            onChange={() => setFilter(toggleModel(filter, make, model))}
                          />
                          {model}
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                </div>
              );
            })}
          </div>
        );
      case "body-style":
        return (
          <fieldset className="inventory-refine__options">
            <legend className="inventory-visually-hidden">Body Style</legend>
            {(properties?.body_styles ?? []).map((style) => (
              <label key={style}>
                <input
                  type="checkbox"
                  checked={filter.body_style.includes(style)}
                  onChange={() => setFilter({ ...filter, body_style: toggled(filter.body_style, style) })}
                />
                {style}
              </label>
            ))}
          </fieldset>
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
          {properties || open === "search" || open === "sort" ? (
            panel(open)
          ) : (
            <p className="inventory-muted">Loading...</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
