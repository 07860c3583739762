import { LRUCache } from "lru-cache";
import { FRAGMENT_REUSE_MS, type FragmentInclude, type FragmentResult } from "remote-kit/protocol";
import { TaggedCache } from "./tagged-cache";

/**
 * The peers' fragments a page includes, kept for the next page made anew that includes the same one (a unit's page
 * no one asked for yet, a new search, every page after an import), when its remote says it is `reusable`.
 *
 * Kept by its remote's build (a new manifest is never served an old render), the site, its module and its props;
 * for at most FRAGMENT_REUSE_MS, and purged with any of its tags (TaggedCache).
 *
 * A fragment whose form takes some props from the page (FragmentResult.takesFromPage) is asked without those the
 * page gives (FragmentInclude.pageGives), once its build has said so: one enquiry form for every unit's page.
 */
export class FragmentCache extends TaggedCache<FragmentResult> {
  /** What each build's fragments said they take from the page, by build and module. */
  private readonly takenFromPage = new LRUCache<string, readonly string[]>({ max: 1_000 });
  /** The dealership's details the kept fragments were made with. */
  private business: object | undefined;

  constructor(options: { maxAgeMs?: number } = {}) {
    super({ max: 2_000, ttl: options.maxAgeMs ?? FRAGMENT_REUSE_MS }, (fragment) => fragment.cacheTags);
  }

  /** The include's props, less those the page gives that the provider's build said it takes from the page. */
  propsFor(build: string, include: Pick<FragmentInclude, "module" | "props" | "pageGives">): Record<string, unknown> {
    const taken = include.pageGives?.length ? this.takenFromPage.get(`${build} ${include.module}`) : undefined;
    if (!taken) return include.props;
    const left = new Set(include.pageGives?.filter((name) => taken.includes(name)));
    return Object.fromEntries(Object.entries(include.props).filter(([name]) => !left.has(name)));
  }

  /** The fragment as kept, or as `ask` renders it once for all asking at once; what it takes from the page is heard. */
  async get(
    part: { build: string; site: { siteUrl: string; business: object }; module: string; props: unknown },
    ask: () => Promise<FragmentResult>,
  ): Promise<FragmentResult> {
    // the details were read again (they may have changed): nothing made with the last ones is shown again
    if (part.site.business !== this.business) this.clear();
    this.business = part.site.business;
    const key = [part.build, part.site.siteUrl, part.module, JSON.stringify(part.props)].join("\n");
    return (
      this.entries.get(key) ??
      this.make(key, ask, (fragment) => {
        if (fragment.takesFromPage?.length)
          this.takenFromPage.set(`${part.build} ${part.module}`, fragment.takesFromPage);
        return fragment.reusable === true;
      })
    );
  }
}
