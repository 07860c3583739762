import { BUSINESS_DETAILS } from "./business.js";

/**
 * The host resets the page's title and description on every navigation (SPEC §2 "Site shell"); a page that
 * has its own calls this afterwards, from an effect, to set them.
 */
export function resetPageMeta(): void {
  document.title = BUSINESS_DETAILS.name;
  for (const meta of document.querySelectorAll('meta[name="description"]')) meta.remove();
}

export function applyPageMeta(title: string, description?: string): void {
  document.title = title;
  if (description === undefined) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = description;
}
