import { FRAGMENT_REUSE_MS, type FragmentInclude, type FragmentResult } from "remote-kit/protocol";
import { TaggedCache } from "./tagged-cache";

/**
 * The peers' fragments a page includes, kept for the next page that includes the same one (a remote says a fragment
 * is `reusable` when its HTML is the same on any page and for any visitor: no form was sent back to it). A page
 * the page cache holds needs none of this; a page made anew (a unit's page no one asked for yet, a new search, every
 * page after an import) would otherwise ask a peer's renderer again for the same link or form.
 *
 * A fragment is kept by its remote's build (a new manifest is a new build: what the old one rendered is never used
 * again), the site (the dealership's details it was rendered with), its module and its props; for at most
 * FRAGMENT_REUSE_MS, and no longer than any of its tags: a purge of one removes it, and a fragment asked for while
 * something was purged is used once, not kept.
 *
 * A fragment whose form takes some of its props from the page (FragmentResult.takesFromPage) is asked without
 * those a page says it gives (FragmentInclude.pageGives), once its build has said so: a unit's enquiry form is then
 * one fragment for every unit's page.
 */
export class FragmentCache extends TaggedCache<FragmentResult> {
  private readonly objectIds = new WeakMap<object, number>();
  /** What each build's fragments said they take from the page, by module. */
  private readonly takenFromPage = new WeakMap<object, Map<string, readonly string[]>>();
  private nextObjectId = 0;

  constructor(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
    super(
      { max: options.maxEntries ?? 2_000, ttl: options.maxAgeMs ?? FRAGMENT_REUSE_MS },
      (fragment) => fragment.cacheTags,
    );
  }

  /** The same object gets the same number for as long as it lives (a manifest, the dealership's details). */
  private idOf(value: object): number {
    let id = this.objectIds.get(value);
    if (id === undefined) {
      id = this.nextObjectId++;
      this.objectIds.set(value, id);
    }
    return id;
  }

  /**
   * The props to ask a fragment with: the include's, less those the page gives that the provider's build takes
   * from the page (as far as this cache has heard from that build; until then, all of them).
   */
  propsFor(build: object, include: Pick<FragmentInclude, "module" | "props" | "pageGives">): Record<string, unknown> {
    const taken = include.pageGives?.length ? this.takenFromPage.get(build)?.get(include.module) : undefined;
    if (!taken) return include.props;
    const left = new Set(include.pageGives?.filter((name) => taken.includes(name)));
    return Object.fromEntries(Object.entries(include.props).filter(([name]) => !left.has(name)));
  }

  /**
   * The fragment as kept, or as `ask` renders it: one request for all the pages asking for it at the same time,
   * kept when its remote says it may be. What it says it takes from the page is heard (propsFor).
   */
  get(
    part: { build: object; site: { siteUrl: string; business: object }; module: string; props: unknown },
    ask: () => Promise<FragmentResult>,
  ): Promise<FragmentResult> {
    const key = [
      this.idOf(part.build),
      this.idOf(part.site.business),
      part.site.siteUrl,
      part.module,
      JSON.stringify(part.props),
    ].join("\n");
    const kept = this.entries.get(key);
    if (kept) return Promise.resolve(kept);
    return this.make(key, ask, (fragment) => {
      if (fragment.takesFromPage?.length) {
        const modules = this.takenFromPage.get(part.build) ?? new Map<string, readonly string[]>();
        this.takenFromPage.set(part.build, modules.set(part.module, fragment.takesFromPage));
      }
      return fragment.reusable === true;
    });
  }
}
