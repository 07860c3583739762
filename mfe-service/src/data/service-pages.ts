import bus from "../assets/headers/header-bus.svg";
import collision from "../assets/headers/header-collision.svg";
import electrical from "../assets/headers/header-electrical.svg";
import engine from "../assets/headers/header-engine.svg";
import inspection from "../assets/headers/header-inspection.svg";
import maintenance from "../assets/headers/header-maintenance.svg";
import motorhome from "../assets/headers/header-motorhome.svg";
import paint from "../assets/headers/header-paint.svg";
import { BODY_SHOP_ITEMS, SERVICE_ITEMS, type SiteSectionItem } from "./site-sections";

/** Drawn header backgrounds, 1600×480 each. */
export const HEADER_IMAGES = { bus, collision, electrical, engine, inspection, maintenance, motorhome, paint } as const;
export type HeaderImage = keyof typeof HEADER_IMAGES;
export const HEADER_WIDTH = 1600;
export const HEADER_HEIGHT = 480;

export interface ContentBlock {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

/** One service or body-shop page's words: src/content/{section}/{link}.json. */
export interface PageText {
  metaTitle: string;
  metaDescription: string;
  header: HeaderImage;
  lead: string;
  blocks: readonly ContentBlock[];
  /** Long pages repeat the booking form at the end, so nobody scrolls back up to book. */
  forms: 1 | 2;
}

export interface SectionPage extends SiteSectionItem, PageText {
  section: "service" | "body-shop";
}

/** Each page's words are their own chunk: a visitor downloads the page they read, not all 27. */
const CONTENT = import.meta.glob<{ default: PageText }>("../content/*/*.json");

export const SECTION_ITEMS: Record<SectionPage["section"], readonly SiteSectionItem[]> = {
  service: SERVICE_ITEMS,
  "body-shop": BODY_SHOP_ITEMS,
};

/** The page for a link of a section; null when the section has no such page. */
export async function loadSectionPage(section: SectionPage["section"], link: string): Promise<SectionPage | null> {
  const item = SECTION_ITEMS[section].find((i) => i.link === link);
  const load = CONTENT[`../content/${section}/${link}.json`];
  if (!item || !load) return null;
  const { default: text } = await load();
  return { ...item, section, ...text };
}
