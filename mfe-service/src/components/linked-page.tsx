import type { ComponentType, ReactNode } from "react";
import { HttpStatus, type Resource, usePageHead, useResource, useSite } from "remote-kit";
import { useParams, useSearchParams } from "remote-kit/router";
import { telHref } from "shared-types";

/** What a linked page says when its link names nothing (or no longer works): its status, heading and words. */
export interface GoneWords {
  code: number;
  heading: string;
  text: string;
}

/**
 * A page a link in an email opens (a booking's, a plan's), by the link's token: loading, gone (with its status), or
 * its content under its heading, with what the visitor just did said first (`?done=`). Opening it changes nothing.
 */
export interface LinkedPageWords<T> {
  resource: Resource<[string], T | null>;
  title: string;
  heading: string;
  gone: GoneWords;
  /** What each `?done=` says */
  done: Record<string, string>;
}

/** What the page shows of what its link names. */
export type LinkedContent<T> = ComponentType<{ value: T; token: string; phone: ReactNode }>;

export function LinkedPage<T>({ page, Content }: { page: LinkedPageWords<T>; Content: LinkedContent<T> }) {
  const { resource, title, heading, gone, done } = page;
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const { business } = useSite();
  const load = useResource(resource, token);
  usePageHead({ title: `${title} | ${business.name}`, robots: "noindex" });
  const phone = <a href={telHref(business.phone_service)}>{business.phone_service}</a>;
  if (load.status === "loading") return <p className="service-page service-muted">Loading...</p>;
  if (load.status === "failed" || !load.value) {
    return (
      <div className="service-page">
        {load.status === "done" ? <HttpStatus code={gone.code} /> : null}
        <h1 className="service-page__title">{gone.heading}</h1>
        <p>
          {gone.text} Or call us at {phone}.
        </p>
      </div>
    );
  }
  const said = done[params.get("done") ?? ""];
  return (
    <div className="service-page service-booking">
      <h1 className="service-page__title">{heading}</h1>
      {said ? (
        <p className="service-booking__done" role="status">
          {said}
        </p>
      ) : null}
      <Content value={load.value} token={token} phone={phone} />
    </div>
  );
}
