import type { SiteNotice } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, Notice, type NoticeProps, PageNotice } from "../../ui/layout.js";

export type TypedNotice = { text: string; link: string; from: string; to: string };

/** The site's own words marketing sets: the notice at the top of every page, with its link and its days. */
export function TextsPage({
  signedIn,
  notice,
  typed,
  problems = {},
  said,
}: {
  signedIn: SignedIn;
  notice: SiteNotice | null;
  typed?: TypedNotice;
  problems?: Partial<Record<keyof TypedNotice, string>>;
  /** What the last action did. */
  said?: NoticeProps;
}) {
  const shown = typed ?? {
    text: notice?.text ?? "",
    link: notice?.link ?? "",
    from: notice?.from ?? "",
    to: notice?.to ?? "",
  };
  const field = (name: keyof TypedNotice) => ({
    id: `desk-notice-${name}`,
    name,
    defaultValue: shown[name],
    "aria-invalid": problems[name] ? true : undefined,
    "aria-describedby": problems[name] ? `desk-notice-${name}-problem` : undefined,
  });
  const problem = (name: keyof TypedNotice) =>
    problems[name] ? (
      <p id={`desk-notice-${name}-problem`} className="desk-problem">
        {problems[name]}
      </p>
    ) : null;
  const count = Object.keys(problems).length;
  return (
    <Layout title="The site's notice" signedIn={signedIn}>
      <PageNotice notice={said} />
      {count > 0 ? (
        <Notice kind="refused">
          {count === 1 ? "One thing to fix" : `${count} things to fix`}: {Object.values(problems).join(". ")}.
        </Notice>
      ) : null}
      <p className="desk-hint">
        One line at the top of every page of the site, on the days you choose: an open house, a new line-up, a sale.
        Holiday closures are set with the hours, and show on their own.
      </p>
      <p>{notice ? `Now: "${notice.text}"` : "No notice is set."}</p>
      <form method="post" action="/texts" className="desk-form" noValidate>
        <label htmlFor="desk-notice-text">The notice (160 characters at most)</label>
        <input {...field("text")} type="text" maxLength={160} required />
        {problem("text")}
        <label htmlFor="desk-notice-link">
          Its link (a page of this site, like /inventory, or https://…; optional)
        </label>
        <input {...field("link")} type="text" maxLength={500} />
        {problem("link")}
        <label htmlFor="desk-notice-from">First day shown (empty: from now)</label>
        <input {...field("from")} type="date" />
        {problem("from")}
        <label htmlFor="desk-notice-to">Last day shown (empty: until taken down)</label>
        <input {...field("to")} type="date" />
        {problem("to")}
        <button type="submit">Save the notice</button>
      </form>
      {notice ? (
        <form method="post" action="/texts/remove" className="desk-form">
          <button type="submit" className="desk-button--quiet">
            Take the notice down
          </button>
        </form>
      ) : null}
    </Layout>
  );
}
