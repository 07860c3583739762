import type { ReactNode } from "react";
import { allows, type StaffRole } from "shared-types";
import type { SignedIn } from "../signed-in.js";

export const ROLE_NAMES: Record<StaffRole, string> = {
  admin: "Admin",
  sales_manager: "Sales manager",
  service_manager: "Service manager",
  marketing: "Marketing",
};

/** The desk's lists, in the menu's order, each shown to the roles whose grant it needs. */
const MENU: { href: string; label: string; shown: (role: StaffRole) => boolean }[] = [
  { href: "/leads", label: "Leads", shown: (role) => allows(role, "leads") },
  { href: "/held", label: "Held enquiries", shown: (role) => allows(role, "leads") },
  { href: "/bookings", label: "Service bookings", shown: (role) => allows(role, "bookings") },
  { href: "/specials", label: "Specials", shown: (role) => allows(role, "specials") },
  { href: "/texts", label: "Site notice", shown: (role) => allows(role, "texts") },
  { href: "/emails", label: "Emails", shown: (role) => allows(role, "texts") },
  { href: "/units", label: "Units", shown: (role) => allows(role, "units") },
  { href: "/business", label: "Hours and details", shown: (role) => allows(role, "business") },
  {
    href: "/hours",
    label: "Opening hours",
    shown: (role) => allows(role, "hours") && !allows(role, "business"),
  },
  { href: "/feeds", label: "Feeds", shown: (role) => allows(role, "feeds") },
  { href: "/staff", label: "Staff", shown: (role) => allows(role, "staff") },
  { href: "/speed", label: "Site speed", shown: (role) => allows(role, "speed") },
  { href: "/audit", label: "Audit log", shown: (role) => allows(role, "audit") },
  { href: "/account", label: "Your account", shown: () => true },
];

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
  signedIn?: SignedIn;
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
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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
                {MENU.filter((item) => item.shown(signedIn.member.role)).map((item) => (
                  <li key={item.href}>
                    <a href={item.href}>{item.label}</a>
                  </li>
                ))}
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

export interface NoticeProps {
  kind: "done" | "refused";
  text: string;
}

/** A message about what just happened, announced to screen readers. */
export function Notice({ kind, children }: { kind: "done" | "refused"; children: ReactNode }) {
  return (
    <p className={`desk-notice desk-notice--${kind}`} role={kind === "refused" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** A page's notice, when it has one. */
export const PageNotice = ({ notice }: { notice?: NoticeProps }) =>
  notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null;

/** A table that may be wider than a phone: it scrolls on its own, and a keyboard can reach it to scroll it. */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="desk-table" aria-label={label} tabIndex={0}>
      <table>{children}</table>
    </section>
  );
}
