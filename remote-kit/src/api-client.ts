/** The render being served on a server, as the kit's renderer knows it (remote-kit/render): none in the browser. */
export interface RenderScope {
  /** Where the dealer API is, as the remote's server was configured. */
  apiOrigin: string;
  /** The headers every API call of the render carries: the render's trace (`traceparent`), when it is traced. */
  headers: () => Record<string, string>;
  transport: RenderTransport;
}

/**
 * A server render's GET of the dealer API, its JSON as `data` (the shape the teams' clients answer in): undici's
 * request on the server's own connections, with the render's headers (a third of what fetch or axios costs per
 * call: a page made anew makes a few). A refusal (any status but 2xx) throws an ApiRefusal, whose
 * `response.status` says why, as axios's and ky's errors do.
 */
export type RenderTransport = { get(path: string): Promise<{ data: unknown }> };

export class ApiRefusal extends Error {
  constructor(
    readonly response: { status: number },
    message: string,
  ) {
    super(message);
    this.name = "ApiRefusal";
  }
}

let currentRender: () => RenderScope | undefined = () => undefined;

/** The kit's renderer says how to find the render being served (its AsyncLocalStorage); nothing else calls this. */
export function findRenderScopeWith(find: () => RenderScope | undefined): void {
  currentRender = find;
}

/** The API origin of the render being served (a server's own requests that are not axios's); "" in the browser. */
export const renderApiOrigin = (): string => currentRender()?.apiOrigin ?? "";

/**
 * A team's client of the dealer API: `api()` is the client for where the code runs. In the browser, one client
 * with relative URLs to the site's own /api. During a server render, a client made for that render, to the API
 * origin the render's server was configured with: nothing is changed globally, and two renders never share one.
 * `create` makes a client for a base URL (undefined: relative), as the team wants it (timeouts, retries), sending
 * `headers` with every call (on a server, the render's trace; none in the browser); on a server it is also given
 * the server's own transport, which a team's client may use for its reads.
 */
export function defineApiClient<Client>(
  create: (baseURL: string | undefined, headers: Record<string, string>, transport?: RenderTransport) => Client,
): () => Client {
  let browserClient: Client | undefined;
  const renderClients = new WeakMap<RenderScope, Client>();
  return () => {
    const render = currentRender();
    if (!render) {
      browserClient ??= create(undefined, {});
      return browserClient;
    }
    if (!renderClients.has(render))
      renderClients.set(render, create(render.apiOrigin, render.headers(), render.transport));
    return renderClients.get(render) as Client;
  };
}
