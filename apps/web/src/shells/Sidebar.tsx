import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useDismissable } from '../components/useDismissable';

export interface SidebarLink {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * The left navigation column shared by the three shells. In a narrow window (styles/narrow.css)
 * it folds into a bar with a Menu button that discloses the same links: Escape or a pointer
 * press outside closes it, and so does following a link.
 */
export function Sidebar({
  title,
  header,
  links,
  footer,
}: {
  title?: string;
  header?: ReactNode;
  links: SidebarLink[];
  footer?: ReactNode;
}) {
  const { open, setOpen, root } = useDismissable<HTMLElement>();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Where the menu was opened, as the address bar has it. A navigation's page may still be
  // loading then (the router shows the old page until the new one's chunk arrives): its arrival
  // must not close a menu opened after it. Any later navigation does.
  const openedOn = useRef<string | null>(null);
  const toggleMenu = () => {
    openedOn.current = window.location.pathname;
    setOpen(!open);
  };
  useEffect(() => {
    if (pathname !== openedOn.current) setOpen(false);
  }, [pathname, setOpen]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <aside className={open ? 'sidebar sidebar--open' : 'sidebar'} ref={root} onKeyDown={closeOnEscape}>
      <div className="sidebar__bar">
        <div className="sidebar__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{title ?? 'Samaa'}</span>
        </div>
        <button
          ref={toggle}
          type="button"
          className="sidebar__toggle"
          aria-expanded={open}
          aria-controls="sidebar-panel"
          onClick={toggleMenu}
        >
          <span className="sidebar__toggle-icon" aria-hidden="true" />
          Menu
        </button>
      </div>
      <div className="sidebar__panel" id="sidebar-panel">
        {header}
        <nav aria-label="Main">
          <ul className="sidebar__links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => (isActive ? 'active' : undefined)}
                  onClick={() => setOpen(false)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {footer && <div className="sidebar__footer">{footer}</div>}
      </div>
    </aside>
  );
}
