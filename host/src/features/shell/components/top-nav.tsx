import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "remote-kit/router";
import { isNavGroup, NAV_ENTRIES, type NavGroupEntry } from "../nav-entries";
import { Logo } from "./logo";

export const MOBILE_MENU_TOGGLE_ID = "host-menu-toggle";

/**
 * The mobile menu is a checkbox (SPEC §4) so it opens from the static HTML before any script runs;
 * React unticks it on every navigation.
 */
export function TopNav() {
  const location = useLocation();
  const toggleRef = useRef<HTMLInputElement>(null);
  const [openGroup, setOpenGroup] = useState<string | null>(null);

  // Close on navigation, but not on the first render: a visitor may open the menu from the static HTML
  // before the page becomes interactive, and hydrating must not snap it shut.
  const navigationKey = `${location.pathname}${location.search}${location.hash}`;
  const shownKey = useRef(navigationKey);
  useEffect(() => {
    if (shownKey.current === navigationKey) return;
    shownKey.current = navigationKey;
    if (toggleRef.current) toggleRef.current.checked = false;
    setOpenGroup(null);
  }, [navigationKey]);

  return (
    <header className="host-header">
      <nav className="host-nav" aria-label="Main">
        <Logo />
        <input
          ref={toggleRef}
          type="checkbox"
          id={MOBILE_MENU_TOGGLE_ID}
          className="host-nav__toggle"
          aria-label="Menu"
        />
        <label htmlFor={MOBILE_MENU_TOGGLE_ID} className="host-nav__toggle-label" aria-hidden="true">
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
                open={openGroup === entry.id}
                onOpenChange={(open) => setOpenGroup(open ? entry.id : null)}
              />
            ) : (
              <li key={entry.href} className="host-nav__item">
                <NavLink to={entry.href} className="host-nav__link">
                  {entry.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>
    </header>
  );
}

function NavGroup({
  group,
  open,
  onOpenChange,
}: {
  group: NavGroupEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const menuId = useId();
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
            <NavLink to={item.href} className="host-nav__sublink" end>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
