import { useRef, useState } from "react";
import { defineIsland, Link } from "remote-kit";
import { isNavGroup, NAV_ENTRIES, type NavGroupEntry } from "../nav-entries";
import { Logo } from "./logo";

export const MOBILE_MENU_TOGGLE_ID = "host-menu-toggle";

/**
 * The top navigation. It works before (and without) any script: the mobile menu is a checkbox (SPEC §4) and a
 * group's submenu opens on hover or when its button has focus. Once hydrated (an island of its own), a group also
 * opens and closes by click, says whether it is open, and closes on Escape or when focus leaves it. Every link
 * loads its page, so the menu is closed on every new page.
 */
function TopNav({ current }: { current: readonly string[] }) {
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  return (
    <nav className="host-nav" aria-label="Main">
      <Logo />
      <input type="checkbox" id={MOBILE_MENU_TOGGLE_ID} className="host-nav__toggle" aria-label="Menu" />
      <label htmlFor={MOBILE_MENU_TOGGLE_ID} className="host-nav__toggle-label">
        <span />
        <span />
        <span />
      </label>
      <ul className="host-nav__list">
        {NAV_ENTRIES.map((entry) =>
          isNavGroup(entry) ? (
            <NavGroup
              key={entry.id}
              group={entry}
              current={current}
              open={openGroup === entry.id}
              onOpenChange={(open) => setOpenGroup(open ? entry.id : null)}
            />
          ) : (
            <li key={entry.href} className="host-nav__item">
              <Link
                to={entry.href}
                className={`host-nav__link${current.includes(entry.href) ? " active" : ""}`}
                aria-current={current.includes(entry.href) ? "page" : undefined}
              >
                {entry.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function NavGroup({
  group,
  current,
  open,
  onOpenChange,
}: {
  group: NavGroupEntry;
  current: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // a fixed id: the menu is its own island, and the server rendered it in a tree of another shape
  const menuId = `host-nav-${group.id}`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <li
      className={`host-nav__item host-nav__group${open ? " host-nav__group--open" : ""}`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          onOpenChange(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="host-nav__link host-nav__group-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => onOpenChange(!open)}
      >
        {group.label}
      </button>
      <ul id={menuId} className="host-nav__submenu">
        {group.items.map((item) => (
          <li key={item.href}>
            <Link
              to={item.href}
              className="host-nav__sublink"
              aria-current={current.includes(item.href) ? "page" : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export default defineIsland("host/nav", TopNav, { hydrate: "interaction" });
