import { inventoryHrefForMake, paths } from "shared-types";

export interface NavLinkEntry {
  label: string;
  href: string;
}
export interface NavGroupEntry {
  label: string;
  id: string;
  items: NavLinkEntry[];
}
export type NavEntry = NavLinkEntry | NavGroupEntry;

/** The top navigation of SPEC §2 "Site shell", in order. */
export const NAV_ENTRIES: readonly NavEntry[] = [
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

export const isNavGroup = (entry: NavEntry): entry is NavGroupEntry => "items" in entry;
