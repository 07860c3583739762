import { inventoryHrefForMake, paths } from "shared-types";

/** The top navigation of SPEC §2 "Site shell", in order: a link, or a group of links (a submenu). */
export const NAV_ENTRIES = [
  { label: "GM", href: paths.lineup("gm") },
  { label: "Isuzu", href: paths.lineup("isuzu") },
  {
    label: "Inventory",
    id: "inventory",
    items: [
      { label: "All Inventory", href: paths.inventory() },
      { label: "Isuzu", href: inventoryHrefForMake("Isuzu") },
      { label: "GMC", href: inventoryHrefForMake("GMC") },
      { label: "Chevrolet", href: inventoryHrefForMake("Chevrolet") },
      { label: "Buick", href: inventoryHrefForMake("Buick") },
      { label: "Trailers", href: paths.trailers() },
    ],
  },
  { label: "Financing", href: paths.financing() },
  { label: "Service", href: paths.service() },
  { label: "Parts", href: paths.parts() },
  { label: "Body Shop", href: paths.bodyShop() },
  {
    label: "Specials",
    id: "specials",
    items: [
      { label: "Sales", href: paths.salesSpecials() },
      { label: "Parts", href: paths.partsSpecials() },
      { label: "Service", href: paths.serviceSpecials() },
    ],
  },
  { label: "Contact Us", href: paths.contact() },
];

const pathOf = (href: string) => href.split("?")[0] ?? href;

/**
 * The menu's links a page at `location` is at, marked as current: a top link on its own page or any under it, a
 * submenu's link on its own page only. All the shell shows of the address (render-app keeps a shell per answer).
 */
export function currentNavHrefs(location: string): string[] {
  const path = pathOf(location);
  return NAV_ENTRIES.flatMap((entry) =>
    entry.items
      ? entry.items.filter((item) => location === item.href).map((item) => item.href)
      : location === entry.href || path === pathOf(entry.href) || location.startsWith(`${pathOf(entry.href)}/`)
        ? [entry.href]
        : [],
  );
}
