import {
  Component,
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useState,
} from "react";
import { type RemoteName, telHref } from "shared-types";
import { type DataUse, type ModuleUse, peerModuleId, type ShapeOf, type TypeOf } from "./contracts.js";
import { ManifestCache } from "./manifest-cache.js";
import { FRAGMENT_ELEMENT, MANIFEST_SERVER_FIELD, type RemoteServerInfo } from "./protocol.js";
import { ServerRenderContext } from "./server-state.js";
import { readSiteDocument, useSite } from "./site-context.js";

/**
 * How a remote renders another remote's exposed module (leads/vehicle-contact-form...). A remote's own federation
 * runtime knows no other remotes; the host's does, so the host publishes its loader under this key.
 */
export const PEER_MODULE_LOADER_KEY = "__fleetLoadPeerModule";

const outsideHost = (what: string) => new Error(`${what} needs the host: this page is not running inside it`);

export function loadPeerModule<T>(id: string): Promise<T> {
  const loader = (globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] as typeof loadPeerModule | undefined;
  return loader ? loader<T>(id) : Promise.reject(outsideHost(id));
}

/**
 * Published data by its address, with the manifest it was read under: a peer that deploys another build (same
 * addresses, new manifest) has its data read again as soon as its manifest is, within MANIFEST_TTL_MS (manifest-cache.ts).
 */
const cache = new Map<string, { manifest: string; data: Promise<unknown> }>();

const manifests = new ManifestCache<unknown>();

/**
 * Finds a peer's published data through its manifest, wherever the peer is deployed; `read` is how (a server reads
 * only from the origins it was configured with).
 */
export async function fetchPeerData(
  manifestUrl: string,
  name: string,
  read = async (url: string): Promise<unknown> => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  },
): Promise<unknown> {
  const manifest = (await manifests.get(manifestUrl, read)) as { metaData?: Record<string, unknown> };
  const server = manifest.metaData?.[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined;
  const file = server?.data?.[name];
  if (!file) throw new Error(`${manifestUrl} publishes no data named ${name}`);
  const url = new URL(file, manifestUrl).href;
  const build = JSON.stringify(manifest);
  const cached = cache.get(url);
  if (cached?.manifest === build) return cached.data;
  const data = read(url);
  cache.set(url, { manifest: build, data });
  data.catch(() => {
    if (cache.get(url)?.data === data) cache.delete(url);
  });
  return data;
}

let resolver = async (remote: RemoteName, name: string): Promise<unknown> => {
  const manifest = readSiteDocument()?.remotes[remote];
  if (!manifest) throw outsideHost(`${remote}'s data`);
  return fetchPeerData(new URL(manifest, window.location.href).href, name);
};

/** The server render installs its own resolver (the peers' addresses come with each render request). */
export function setPeerDataResolver(next: typeof resolver): void {
  resolver = next;
}

/**
 * Data another team publishes (catalog's line-up models), on the server and in the browser, as the consumer
 * declared it (src/contracts/consumes.ts): typed with only the fields the declaration names, which the provider's
 * pipeline checks its published data against.
 */
export function loadDeclaredPeerData<U extends Pick<DataUse, "from" | "name"> & { shape: object }>(
  use: U,
): Promise<TypeOf<U["shape"]>> {
  return resolver(use.from, use.name) as Promise<TypeOf<U["shape"]>>;
}

const modules = new Map<string, ComponentType<never>>();

function peerComponent<P>(id: string): ComponentType<P> {
  const cached = modules.get(id);
  if (cached) return cached as ComponentType<P>;
  const component = lazy(async () => {
    const module = await loadPeerModule<{ default?: ComponentType<P> }>(id);
    if (!module?.default) throw new Error(`${id} is unavailable`);
    return { default: module.default };
  });
  modules.set(id, component as ComponentType<never>);
  return component;
}

interface PeerModuleProps<P> {
  id: string;
  props: P;
  /** Shown while the module loads: give it the module's height. */
  placeholder: ReactNode;
  /** Shown when the peer cannot be reached; `retry` loads it anew. */
  unavailable: (retry: () => void) => ReactNode;
}

/** A peer's module as the browser renders it (also into a slot the server could not fill: the host's page script). */
export class PeerModuleInBrowser<P> extends Component<PeerModuleProps<P>, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  retry = () => {
    modules.delete(this.props.id);
    this.setState({ failed: false });
  };
  override render() {
    if (this.state.failed) return this.props.unavailable(this.retry);
    const Peer = peerComponent<P>(this.props.id) as ComponentType<P & object>;
    return (
      <Suspense fallback={this.props.placeholder}>
        <Peer {...(this.props.props as P & object)} />
      </Suspense>
    );
  }
}

/** Server fragments already claimed by a component hydrating around them. */
const claimedFragments = new WeakSet<Element>();

/** The server's HTML of a fragment for this module and these props, taken once by whoever hydrates around it. */
function claimServerFragment(id: string, propsJson: string): string | null {
  if (typeof document === "undefined") return null;
  for (const element of document.querySelectorAll(FRAGMENT_ELEMENT)) {
    if (claimedFragments.has(element)) continue;
    if (element.getAttribute("data-peer") === id && element.getAttribute("data-props") === propsJson) {
      claimedFragments.add(element);
      return element.innerHTML;
    }
  }
  return null;
}

/** A peer module as a consumer declared it in src/contracts/consumes.ts. */
export type DeclaredModule = Pick<ModuleUse, "from" | "module"> & { props: object };

export interface PeerFragmentProps<U extends DeclaredModule> {
  use: U;
  props: NoInfer<ShapeOf<U["props"]>>;
  /**
   * Of its props, those this page also gives the peer's form as hidden fields of its own (`form="<its id>"`): a
   * release of the peer that takes them from the page is asked without them (FragmentInclude.pageGives).
   */
  pageGives?: readonly (keyof NoInfer<ShapeOf<U["props"]>> & string)[];
  /** While it loads in the browser. */
  loading: ReactNode;
  /** When it cannot be had: on the server (no `retry`: the page works without scripts) or in the browser. */
  unavailable: (retry?: () => void) => ReactNode;
}

function FragmentInBrowser<U extends DeclaredModule>(
  fragment: PeerFragmentProps<U> & { id: string; propsJson: string },
) {
  const { id, propsJson, props, loading, unavailable } = fragment;
  // hydrating around the server's fragment: its HTML is kept as it is in the page, and React leaves it, and the
  // peer's root in it, alone (the host hydrates the peer's own island there)
  const [kept] = useState(() => claimServerFragment(id, propsJson));
  const served = kept === null ? {} : { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: kept } };
  return createElement(
    FRAGMENT_ELEMENT,
    { "data-peer": id, "data-props": propsJson, ...served },
    kept === null ? (
      <PeerModuleInBrowser id={id} props={props} placeholder={loading} unavailable={unavailable} />
    ) : null,
  );
}

/**
 * Another remote's module inside this page, composed on the server: the page's renderer leaves a slot with a
 * fallback, the host asks the peer's server for the module's HTML (one of its islands) and puts it there, and the
 * browser hydrates it as the peer's own island. When the peer cannot answer in time, the fallback stays and the
 * browser loads the module itself; with scripts off, the fallback says what to do instead.
 */
export function PeerFragment<U extends DeclaredModule>(fragment: PeerFragmentProps<U>) {
  const server = useContext(ServerRenderContext);
  const id = peerModuleId(fragment.use);
  const propsJson = JSON.stringify(fragment.props);
  if (!server) return <FragmentInBrowser key={`${id}${propsJson}`} {...fragment} id={id} propsJson={propsJson} />;
  const slot = String(server.fragments.length);
  server.fragments.push({
    slot,
    from: fragment.use.from,
    module: fragment.use.module,
    props: fragment.props as Record<string, unknown>,
    ...(fragment.pageGives?.length ? { pageGives: [...fragment.pageGives] } : {}),
  });
  // the elements React writes here are exactly fragmentSlotMarkers(slot), which the host looks for
  return createElement(
    FRAGMENT_ELEMENT,
    { "data-peer": id, "data-props": propsJson },
    <template data-fleet-slot={slot} />,
    fragment.unavailable(),
    <template data-fleet-slot-end={slot} />,
  );
}

/**
 * One of another team's enquiry forms in this page (PeerFragment), with the fallback every form shares: the phone
 * number, and in the browser a way to try the form again.
 */
export function PeerForm<U extends DeclaredModule>(
  fragment: Pick<PeerFragmentProps<U>, "use" | "props" | "pageGives">,
) {
  const { phone_sales: phone } = useSite().business;
  return (
    <PeerFragment
      {...fragment}
      loading={
        <p className="fleet-peer-form fleet-peer-form--loading" aria-busy="true">
          Loading the enquiry form...
        </p>
      }
      unavailable={(retry) => (
        <div className="fleet-peer-form fleet-peer-form--unavailable" role="status">
          <p>
            Our enquiry form can't be shown right now. Call us at <a href={telHref(phone)}>{phone}</a>.
          </p>
          {retry ? (
            <button type="button" className="fleet-peer-form__retry" onClick={retry}>
              Try the form again
            </button>
          ) : null}
        </div>
      )}
    />
  );
}
