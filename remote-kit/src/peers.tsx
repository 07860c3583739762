import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { RemoteName } from "shared-types";
import type { DataUse, TypeOf } from "./contracts.js";
import { MANIFEST_SERVER_FIELD, type RemoteServerInfo } from "./protocol.js";
import { readSiteDocument } from "./site-context.js";

/**
 * How a remote renders another remote's exposed module (leads/vehicle-contact-form...). A remote's own federation
 * runtime knows no other remotes; the host's does, so the host publishes its loader under this key.
 */
export const PEER_MODULE_LOADER_KEY = "__fleetLoadPeerModule";
export type PeerModuleLoader = <T>(id: string) => Promise<T>;

export function loadPeerModule<T>(id: string): Promise<T> {
  const loader = (globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] as PeerModuleLoader | undefined;
  if (!loader) return Promise.reject(new Error(`${id} needs the host: this page is not running inside it`));
  return loader<T>(id);
}

// ---- Peer data: JSON a remote publishes for the others (manifest metaData.server.data) ----

type PeerDataResolver = (remote: RemoteName, name: string) => Promise<unknown>;

const cache = new Map<string, Promise<unknown>>();

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** A manifest names the current release's files: re-read after a few seconds so a redeploy is seen. */
const MANIFEST_TTL_MS = 5000;
const manifests = new Map<string, { at: number; manifest: Promise<unknown> }>();

function readManifest(url: string): Promise<unknown> {
  const cached = manifests.get(url);
  if (cached && Date.now() - cached.at < MANIFEST_TTL_MS) return cached.manifest;
  const manifest = fetchJson(url);
  manifests.set(url, { at: Date.now(), manifest });
  manifest.catch(() => manifests.delete(url));
  return manifest;
}

/** Finds a peer's published data through its manifest, wherever the peer is deployed. */
export async function fetchPeerData(manifestUrl: string, name: string): Promise<unknown> {
  const manifest = (await readManifest(manifestUrl)) as { metaData?: Record<string, unknown> };
  const server = manifest.metaData?.[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined;
  const file = server?.data?.[name];
  if (!file) throw new Error(`${manifestUrl} publishes no data named ${name}`);
  const url = new URL(file, manifestUrl).href;
  let pending = cache.get(url);
  if (!pending) {
    pending = fetchJson(url);
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

const browserResolver: PeerDataResolver = async (remote, name) => {
  const site = readSiteDocument();
  const manifest = site?.remotes[remote];
  if (!manifest) throw new Error(`${remote}'s data needs the host: this page is not running inside it`);
  return fetchPeerData(new URL(manifest, window.location.href).href, name);
};

let resolver: PeerDataResolver = browserResolver;

/** The server render installs its own resolver (the peers' addresses come with each render request). */
export function setPeerDataResolver(next: PeerDataResolver): void {
  resolver = next;
}

/** Data another team publishes (catalog's line-up models, inventory's trailers), on the server and in the browser. */
export function loadPeerData<T>(remote: RemoteName, name: string): Promise<T> {
  return resolver(remote, name) as Promise<T>;
}

/**
 * Peer data as a consumer declared it (src/contracts/consumes.ts): typed with only the fields the declaration
 * names, which the provider's pipeline checks its published data against.
 */
export function loadDeclaredPeerData<U extends Pick<DataUse, "from" | "name"> & { shape: object }>(
  use: U,
): Promise<TypeOf<U["shape"]>> {
  return loadPeerData<TypeOf<U["shape"]>>(use.from, use.name);
}

// ---- Peer modules rendered inside a page ----

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
  /** Shown on the server, while hydrating and while the module loads: give it the module's height. */
  placeholder: ReactNode;
  /** Shown when the peer cannot be reached; `retry` loads it anew. */
  unavailable: (retry: () => void) => ReactNode;
}

class PeerBoundary<P> extends Component<PeerModuleProps<P>, { failed: boolean }> {
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

/**
 * Another remote's module inside this page. Its code is not on this remote's server, so the server (and the
 * browser while hydrating) render the placeholder; the module loads once the page is interactive.
 */
export function PeerModule<P>(props: PeerModuleProps<P>) {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return interactive ? <PeerBoundary {...props} /> : props.placeholder;
}
