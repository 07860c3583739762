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

  /** The include's props, less those the page gives that the provider's build said it takes from the page. */
  propsFor(build: object, include: Pick<FragmentInclude, "module" | "props" | "pageGives">): Record<string, unknown> {
    const taken = include.pageGives?.length ? this.takenFromPage.get(build)?.get(include.module) : undefined;
    if (!taken) return include.props;
    const left = new Set(include.pageGives?.filter((name) => taken.includes(name)));
    return Object.fromEntries(Object.entries(include.props).filter(([name]) => !left.has(name)));
  }

  /** The fragment as kept, or as `ask` renders it once for all asking at once; what it takes from the page is heard. */
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
