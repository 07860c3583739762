import { useState } from "react";
import {
  emptyInventoryFilter,
  facetTabs,
  groupOf,
  type InventoryFacets,
  type InventoryFilter,
  type InventoryView,
  type ListFacet,
  SORT_OPTIONS,
} from "shared-types";
import { FacetOptions, optionsOf, toggled } from "./facet-options";
import { childOf, MakeAndModelOptions } from "./make-model";
import { RangeOfValues, SearchPanel } from "./range-panels";

/** The tab with the search words: the facet table's tabs follow it, and Sort Order closes the bar. */
const SEARCH_TAB = "Search Term";
const SORT_TAB = "Sort Order";
/** The table's tabs (inventory-facets.ts), each with its lists and ranges; the search tab first. */
const FACET_TABS = facetTabs().sort((a, b) => Number(b.label === SEARCH_TAB) - Number(a.label === SEARCH_TAB));
const TAB_LABELS = [...FACET_TABS.map((tab) => tab.label), SORT_TAB];
type FacetTab = (typeof FACET_TABS)[number];

/** A tab's id in the page: its label as a name ("Make and Model": "make-and-model"). */
const tabId = (label: string) => label.toLowerCase().replace(/\W+/g, "-");

export interface RefineToolbarProps {
  view: InventoryView;
  /** The counts that came with the current page; null until the first page arrives. */
  facets: InventoryFacets | null;
  /** A new view: the page puts it in the URL, which is where the search state lives. */
  onChange: (next: Partial<InventoryView>) => void;
}

/** How many choices a tab holds (its count beside the label): each chosen value, and each bounded range. */
function chosenIn(tab: FacetTab, view: InventoryView): number {
  const lists = tab.lists.reduce((sum, facet) => sum + (view.filter[facet.key] as readonly unknown[]).length, 0);
  const ranges = tab.ranges.filter((range) => view.filter[range.lower] > 0 || view.filter[range.upper] > 0).length;
  return lists + ranges + (tab.label === SEARCH_TAB && view.search ? 1 : 0);
}

/** A tab of lists (and the ranges beside them): a make's models under it, a list beside its own range. */
function ListPanel({
  tab,
  counts,
  filter,
  setFilter,
  idPrefix,
}: {
  tab: FacetTab;
  counts: InventoryFacets;
  filter: InventoryFilter;
  setFilter: (next: InventoryFilter) => void;
  idPrefix: string;
}) {
  const shown = tab.lists.filter((facet) => !facet.parent);
  const alone = shown.length === 1 && tab.ranges.length === 0;
  const list = (facet: ListFacet) => {
    const child = childOf(facet);
    if (child) {
      return (
        <MakeAndModelOptions
          key={facet.key}
          parent={facet}
          child={child}
          facets={counts}
          filter={filter}
          setFilter={setFilter}
          idPrefix={idPrefix}
        />
      );
    }
    const chosen = filter[facet.key] as (string | number)[];
    return (
      <FacetOptions
        key={facet.key}
        legend={facet.label}
        // a tab with one list, or a list beside its own range (the years), is named by the tab already
        hideLegend={alone || tab.ranges.some((range) => groupOf(range) === groupOf(facet))}
        options={optionsOf(facet, counts)}
        selected={chosen}
        onToggle={(value) => setFilter({ ...filter, [facet.key]: toggled(chosen, value) })}
      />
    );
  };
  if (alone && shown[0]) return list(shown[0]);
  return (
    <div className={`inventory-refine__group${shown.length > 1 ? " inventory-refine__group--columns" : ""}`}>
      {tab.ranges.map((range) => {
        const valuesFrom = tab.lists.find((facet) => groupOf(facet) === groupOf(range));
        const values = valuesFrom ? optionsOf(valuesFrom, counts).map((option) => Number(option.value)) : [];
        return <RangeOfValues key={range.key} range={range} values={values} filter={filter} setFilter={setFilter} />;
      })}
      {shown.map(list)}
    </div>
  );
}

/** The sort orders, one chosen. */
function SortPanel({
  idPrefix,
  sort,
  onChange,
}: {
  idPrefix: string;
  sort: InventoryView["sort"];
  onChange: RefineToolbarProps["onChange"];
}) {
  return (
    <fieldset className="inventory-refine__options">
      <legend className="inventory-visually-hidden">Sort Order</legend>
      {SORT_OPTIONS.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={`${idPrefix}-sort`}
            checked={sort === option.value}
            onChange={() => onChange({ sort: option.value })}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The sticky Refine Search toolbar (SPEC §2, §4): one tab open at a time (clicking the open one closes it), make
 * sections collapsed until opened, a make and its models mutually exclusive, condition single-valued. Its tabs and
 * their choices come from the facet table: a facet added there appears in its tab.
 */
export function RefineToolbar({ view, facets, onChange }: RefineToolbarProps) {
  // a fixed prefix, not useId: the server renders this region as its own root, so tree-position ids would differ
  const id = "inventory-refine";
  const [open, setOpen] = useState<string | null>(null);
  const filter = view.filter;
  const setFilter = (next: InventoryFilter) => onChange({ filter: next });

  const panel = (label: string) => {
    if (label === SORT_TAB) return <SortPanel idPrefix={id} sort={view.sort} onChange={onChange} />;
    const tab = FACET_TABS.find((t) => t.label === label);
    if (!tab) return null;
    if (label === SEARCH_TAB) {
      return (
        <SearchPanel
          idPrefix={id}
          view={view}
          facets={facets}
          ranges={tab.ranges}
          singleChoices={tab.lists.filter((facet) => facet.choose === "one")}
          onChange={onChange}
        />
      );
    }
    if (!facets) return <p className="inventory-muted">Loading...</p>;
    return <ListPanel tab={tab} counts={facets} filter={filter} setFilter={setFilter} idPrefix={id} />;
  };

  return (
    <section className="inventory-refine" aria-label="Refine Search">
      <div className="inventory-refine__bar">
        <span className="inventory-refine__title">Refine Search</span>
        {TAB_LABELS.map((label) => {
          const tab = FACET_TABS.find((t) => t.label === label);
          const chosen = tab ? chosenIn(tab, view) : 0;
          return (
            <button
              key={label}
              type="button"
              className="inventory-refine__tab"
              aria-expanded={open === label}
              aria-controls={`${id}-${tabId(label)}`}
              onClick={() => setOpen((current) => (current === label ? null : label))}
            >
              {label}
              {chosen > 0 ? <span className="inventory-refine__count"> ({chosen})</span> : null}
            </button>
          );
        })}
        <button
          type="button"
          className="inventory-refine__clear"
          onClick={() => onChange({ search: "", filter: emptyInventoryFilter() })}
        >
          Clear All
        </button>
      </div>
      {open ? (
        <div id={`${id}-${tabId(open)}`} className="inventory-refine__panel">
          {panel(open)}
        </div>
      ) : null}
    </section>
  );
}
