import type { SiteContext } from "remote-kit/protocol";
import type { TimeLimits } from "server-kit";
import type { EdgeRoute, RemoteName, RemotesConfig } from "shared-types";
import type { BusinessDetailsSource } from "../business-details-source";
import type { PageComposer } from "../page-composer";
import type { RemoteDirectory } from "../remote-directory";

export interface HostServerOptions {
  /** The host's browser build (dist/): the page template, its assets, its Vite manifest. */
  distDir: string;
  /** The share of page views (0 to 1) that measure their visitor's Web Vitals (WEB_VITALS_SAMPLE_RATE); unset: 0. */
  vitalsSampleRate?: number;
  /** The API's public listener: `/api` is proxied there (its public routes only), and the details read from it. */
  apiOrigin: string;
  /** The API's internal listener: the change stream is followed there (never through the public site). */
  apiInternalOrigin?: string;
  /** The API routes the `/api` proxy forwards (shared-types PUBLIC_API_ROUTES; tests add stand-ins). */
  publicApiRoutes?: readonly EdgeRoute[];
  /** Each remote's server: /remotes/{name}/ is proxied there, and there its renderer is reached. */
  remoteOrigins: Record<RemoteName, string>;
  /** A JSON file { "catalog": "<manifest URL>", ... }, read on every request; by default the proxied manifests. */
  remotesConfigFile?: string;
  /** The public address of the site (canonical URLs, sitemap), without a trailing slash; else https://{domain}. */
  siteUrl?: string;
  /** How long the dealership's details from the API are used before they are asked for again. */
  businessDetailsMaxAgeMs?: number;
  /** Where the last good business details are kept across restarts (none: memory only). */
  businessDetailsCacheFile?: string;
  /** A remote render slower than this falls back to the shell and browser rendering. */
  renderTimeoutMs: number;
  breakerResetMs?: number;
  /** RENDER_SECRET's current secret, which remotes' servers require on every render request; null: none is signed. */
  renderSecret: string | null;
  /** This server's own address, for relative manifest URLs outside /remotes/{name}/. */
  selfOrigin: string;
  /**
   * Which proxies to believe (Fastify trustProxy syntax): the TLS-terminating proxy's X-Forwarded-Proto decides
   * whether a visitor came over TLS (HSTS, upgrade-insecure-requests), its X-Forwarded-For who the visitor is.
   */
  trustProxy?: boolean | string;
  /** Image origins outside the site the pages may show (a media host); remotes declare their own. */
  imageSources?: readonly string[];
  /** Time limits on proxied calls: a hung API or remote answers 504 after this, not minutes later. */
  proxyTimeoutMs?: number;
  /** How long a client may take to send its request, stay silent, or idle between requests (tests shorten them). */
  timeLimits?: TimeLimits;
  logLevel?: string;
  /** The host's own cache of composed pages (PAGE_CACHE=off turns it off); on by default. */
  pageCache?: boolean;
  /** Follow the API's change signal (GET {apiOrigin}/api/changes) and purge what changed; on by default. */
  followChanges?: boolean;
  /** Shared caches in front of the site to purge by tag (SHARED_CACHE_PURGE_URLS): Varnish with xkey. */
  sharedCachePurgeUrls?: readonly string[];
  /** The shared secret a shared cache asks of a PURGE besides the address it comes from (SHARED_CACHE_PURGE_SECRET). */
  sharedCachePurgeSecret?: string;
  /** How often each remote's manifest is read for a new build or release (its pages are purged then). */
  releaseCheckMs?: number;
}

/** What every plugin of the host server shares: made once by createHostServer, decorated as `app.host`. */
export interface HostContext {
  options: HostServerOptions;
  directory: RemoteDirectory;
  composer: PageComposer;
  businessDetails: BusinessDetailsSource;
  /** The remote configuration in force (read from its file per request). */
  remotesConfig: () => Promise<RemotesConfig>;
  /** The site's address and the dealership's details, for this request. */
  site: () => Promise<SiteContext>;
}

declare module "fastify" {
  interface FastifyInstance {
    host: HostContext;
  }
}
