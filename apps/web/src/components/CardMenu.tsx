import { useId } from 'react';
import { MoreIcon } from './icons';
import { useDismissable } from './useDismissable';

export interface CardMenuItem {
  label: string;
  onSelect(): void;
  danger?: boolean;
}

/** A small "⋯" options menu: opens on click, closes on a pick, Escape or a click outside. */
export function CardMenu({ label, items }: { label: string; items: CardMenuItem[] }) {
  const { open, setOpen, root } = useDismissable();
  const menuId = useId();

  return (
    <div className="card-menu" ref={root} onClick={(event) => event.stopPropagation()}>
      <button
        type="button"
        className="icon-btn card-menu__toggle"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon />
      </button>
      {open && (
        <ul className="card-menu__list" role="menu" id={menuId}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                className={
                  item.danger ? 'card-menu__item card-menu__item--danger' : 'card-menu__item'
                }
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
