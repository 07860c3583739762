import type { ReactNode } from "react";
import type { Grants, Member } from "../desk-api.js";

export const ROLE_NAMES: Record<Member["role"], string> = {
  admin: "Admin",
  sales_manager: "Sales manager",
  service_manager: "Service manager",
  marketing: "Marketing",
};

/** Every desk page: the dealership's name, what the member may open, and sign-out. */
export function Layout({
  title,
  signedIn,
  scripts = false,
  refreshSeconds,
  children,
}: {
  title: string;
  /** The page reloads itself this often (a run going on): no script needed. */
  refreshSeconds?: number;
  signedIn?: { member: Member; grants: Grants };
  /** The page offers passkeys: it loads the desk's one script (the page works without it). */
  scripts?: boolean;
  children: ReactNode;
}) {
  return (
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {refreshSeconds ? <meta httpEquiv="refresh" content={String(refreshSeconds)} /> : null}
        <title>{`${title} · Staff desk`}</title>
        <link rel="stylesheet" href="/desk.css" />
        {scripts ? <script src="/vendor/webauthn.js" defer /> : null}
        {scripts ? <script src="/passkey.js" defer /> : null}
      </head>
      <body>
        <header className="desk-header">
          <p className="desk-header__name">Staff desk</p>
          {signedIn ? (
            <nav aria-label="Desk">
              <ul>
                {signedIn.grants.leads.length > 0 ? (
                  <li>
                    <a href="/leads">Leads</a>
                  </li>
                ) : null}
                {signedIn.grants.leads.length > 0 ? (
                  <li>
                    <a href="/held">Held enquiries</a>
                  </li>
                ) : null}
                {signedIn.grants.specials.length > 0 ? (
                  <li>
                    <a href="/specials">Specials</a>
                  </li>
                ) : null}
                {signedIn.grants.texts ? (
                  <li>
                    <a href="/texts">Site notice</a>
                  </li>
                ) : null}
                {signedIn.grants.units ? (
                  <li>
                    <a href="/units">Units</a>
                  </li>
                ) : null}
                {signedIn.grants.business ? (
                  <li>
                    <a href="/business">Hours and details</a>
                  </li>
                ) : null}
                {signedIn.grants.hours.length > 0 && !signedIn.grants.business ? (
                  <li>
                    <a href="/hours">Opening hours</a>
                  </li>
                ) : null}
                {signedIn.grants.feeds ? (
                  <li>
                    <a href="/feeds">Feeds</a>
                  </li>
                ) : null}
                {signedIn.grants.staff ? (
                  <li>
                    <a href="/staff">Staff</a>
                  </li>
                ) : null}
                {signedIn.grants.audit ? (
                  <li>
                    <a href="/audit">Audit log</a>
                  </li>
                ) : null}
                <li>
                  <a href="/account">Your account</a>
                </li>
              </ul>
            </nav>
          ) : null}
          {signedIn ? (
            <form method="post" action="/sign-out" className="desk-header__account">
              <span>
                {signedIn.member.email} ({ROLE_NAMES[signedIn.member.role]})
              </span>{" "}
              <button type="submit">Sign out</button>
            </form>
          ) : null}
        </header>
        <main>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

/** A message about what just happened, announced to screen readers. */
export function Notice({ kind, children }: { kind: "done" | "refused"; children: ReactNode }) {
  return (
    <p className={`desk-notice desk-notice--${kind}`} role={kind === "refused" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** A table that may be wider than a phone: it scrolls on its own, and a keyboard can reach it to scroll it. */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="desk-table" aria-label={label} tabIndex={0}>
      <table>{children}</table>
    </section>
  );
}
