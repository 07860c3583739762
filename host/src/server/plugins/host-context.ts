import type { SiteContext } from "remote-kit/protocol";
import type { TimeLimits } from "server-kit";
import type { EdgeRoute, RemotesConfig } from "shared-types";
import type { BusinessDetailsSource } from "../business-details-source";
import type { HostConfig } from "../environment";
import type { PageComposer } from "../page-composer";
import type { RemoteDirectory } from "../remote-directory";

/**
 * What the host server is given besides its configuration: fixed by the code that runs it, never by the
 * environment (the tests shorten the time limits and add stand-in API routes).
 */
export interface HostServices {
  /** The API routes the `/api` proxy forwards; by default shared-types PUBLIC_API_ROUTES. */
  publicApiRoutes?: readonly EdgeRoute[];
  /** How long a client may take to send its request, stay silent, or idle between requests. */
  timeLimits?: TimeLimits;
}

/** What every plugin of the host server shares: made once by createHostServer, decorated as `app.host`. */
export interface HostContext {
  services: HostServices;
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
    /** The host server's configuration (environment.ts), parsed once: what every plugin reads its settings from. */
    config: HostConfig;
    host: HostContext;
  }
}
