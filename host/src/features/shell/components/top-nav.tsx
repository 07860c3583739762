import { useState } from "react";
import { defineIsland, Link, useSite } from "remote-kit";
import { NAV_ENTRIES } from "../nav-entries";

const MOBILE_MENU_TOGGLE_ID = "host-menu-toggle";

/**
 * The top navigation. It works before (and without) any script: the mobile menu is a checkbox (SPEC §4) and a
 * group's submenu opens on hover or when its button has focus. Once hydrated (an island of its own), a group also
 * opens and closes by click, says whether it is open, and closes on Escape or when focus leaves it. Every link
 * loads its page, so the menu is closed on every new page.
 */
function TopNav({ current }: { current: readonly string[] }) {
  const { name } = useSite().business;
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const link = ({ label, href }: { label: string; href: string }, className: string) => (
    <Link to={href} className={className} aria-current={current.includes(href) ? "page" : undefined}>
      {label}
    </Link>
  );
  return (
    <nav className="host-nav" aria-label="Main">
      <Link to="/" className="host-logo" aria-label={`${name} home`}>
        <svg className="host-logo__mark" viewBox="0 0 48 32" width="48" height="32" aria-hidden="true">
          <path d="M2 30 L18 6 L26 18 L32 10 L46 30 Z" fill="#f2a900" />
          <path d="M18 6 L22 12 L14 12 Z" fill="#fff" />
        </svg>
        <span className="host-logo__text">
          Summit <strong>Heavy Fleet</strong>
        </span>
      </Link>
      <input type="checkbox" id={MOBILE_MENU_TOGGLE_ID} className="host-nav__toggle" aria-label="Menu" />
      <label htmlFor={MOBILE_MENU_TOGGLE_ID} className="host-nav__toggle-label">
        <span />
        <span />
        <span />
      </label>
      <ul className="host-nav__list">
        {NAV_ENTRIES.map((entry) => {
          if (!entry.items) {
            return (
              <li key={entry.href} className="host-nav__item">
                {link(entry, `host-nav__link${current.includes(entry.href) ? " active" : ""}`)}
              </li>
            );
          }
          const { id, label, items } = entry;
          const open = openGroup === id;
          // a fixed id: the menu is its own island, and the server rendered it in a tree of another shape
          const menuId = `host-nav-${id}`;
          return (
            <li
              key={id}
              className={`host-nav__item host-nav__group${open ? " host-nav__group--open" : ""}`}
              onKeyDown={(event) => {
                if (event.key !== "Escape" || !open) return;
                setOpenGroup(null);
                event.currentTarget.querySelector("button")?.focus();
              }}
              onBlur={(event) => {
                if (open && !event.currentTarget.contains(event.relatedTarget)) setOpenGroup(null);
              }}
            >
              <button
                type="button"
                className="host-nav__link host-nav__group-button"
                aria-expanded={open}
                aria-controls={menuId}
                onClick={() => setOpenGroup(open ? null : id)}
              >
                {label}
              </button>
              <ul id={menuId} className="host-nav__submenu">
                {items.map((item) => (
                  <li key={item.href}>{link(item, "host-nav__sublink")}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default defineIsland("host/nav", TopNav, { hydrate: "interaction" });
