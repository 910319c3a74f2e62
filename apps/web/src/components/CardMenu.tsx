import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreIcon } from './icons';

export interface CardMenuItem {
  label: string;
  onSelect(): void;
  danger?: boolean;
}

/**
 * A card's "⋯" options menu (Radix DropdownMenu): opens by click, Enter, Space or the arrow keys,
 * moves focus into the menu, arrows move between items, Escape closes and gives focus back. It
 * opens below the card's name, never over its artwork.
 */
export function CardMenu({ label, items }: { label: string; items: CardMenuItem[] }) {
  return (
    <div className="card-menu" onClick={(event) => event.stopPropagation()}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className="icon-btn card-menu__toggle" aria-label={label}>
            <MoreIcon />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="card-menu__list" side="bottom" align="end" sideOffset={6} collisionPadding={8}>
            {items.map((item) => (
              <DropdownMenu.Item
                key={item.label}
                className={item.danger ? 'card-menu__item card-menu__item--danger' : 'card-menu__item'}
                onSelect={() => item.onSelect()}
              >
                {item.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
