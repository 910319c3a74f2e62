import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

export interface SidebarLink {
  to: string;
  label: string;
  end?: boolean;
}

/** The left navigation column shared by the three shells. */
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
  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{title ?? 'Samaa'}</span>
      </div>
      {header}
      <nav aria-label="Main">
        <ul className="sidebar__links">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {footer && <div className="sidebar__footer">{footer}</div>}
    </aside>
  );
}
