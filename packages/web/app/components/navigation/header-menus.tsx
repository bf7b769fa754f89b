import { Menu, type MenuProps, Popover } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { CheckMark } from './check-mark';
import type { TriggerProps } from './deferred-menu';

/**
 * The header's drop-down menus: their own chunk, loaded by `DeferredMenu` when a menu button
 * is first pointed at, focused or pressed (deferred-menu.tsx). The buttons themselves are
 * rendered by the header with the page; here they become the targets of Mantine's Menu.
 */

/** One entry of a group of the main menu. */
export interface NavEntry {
  id: string;
  label: string;
  href: string;
  current: boolean;
  /** A line above the entry. */
  divider: boolean;
}

/** A group of the main menu: links to pages. */
export function NavGroupMenu({
  target,
  entries,
}: {
  target: ReactElement<TriggerProps>;
  entries: readonly NavEntry[];
}) {
  return (
    <Menu position="bottom-start" withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => [
          entry.divider ? <Menu.Divider key={`${entry.id}-divider`} /> : null,
          <Menu.Item
            key={entry.id}
            component={Link}
            to={entry.href}
            aria-current={entry.current ? 'page' : undefined}
          >
            {entry.label}
          </Menu.Item>,
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One choice of a `ChoiceMenu`. */
export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  /** The language of the label, where it differs from the page's (the language menu). */
  lang?: string;
}

/** A menu of exclusive choices, the current one checked and bold (colour scheme, language). */
export function ChoiceMenu<T extends string>({
  target,
  choices,
  current,
  onChoose,
  position = 'bottom-end',
}: {
  target: ReactElement<TriggerProps>;
  choices: readonly Choice<T>[];
  current: T;
  onChoose: (value: T) => void;
  position?: MenuProps['position'];
}) {
  return (
    <Menu position={position} withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {choices.map((choice) => (
          <Menu.Item
            key={choice.value}
            lang={choice.lang}
            aria-current={choice.value === current ? 'true' : undefined}
            leftSection={<CheckMark visible={choice.value === current} />}
            fw={choice.value === current ? 700 : undefined}
            onClick={() => onChoose(choice.value)}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A disclosure: the button shows and hides a dialog-like pop-over, not an ARIA menu, for
 * content that holds text besides links and buttons (the signed-in user's panel).
 */
export function DisclosurePopover({
  target,
  label,
  children,
}: {
  target: ReactElement<TriggerProps>;
  /** The accessible name of the pop-over. */
  label: string;
  /** The content; `close` hides the pop-over (after a link or button in it was used). */
  children: (close: () => void) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover position="bottom-end" withinPortal opened={opened} onChange={setOpened} shadow="md">
      <Popover.Target>
        {cloneElement(target, {
          'aria-expanded': opened,
          onClick: () => setOpened((o) => !o),
        })}
      </Popover.Target>
      <Popover.Dropdown aria-label={label} role="dialog">
        {children(() => setOpened(false))}
      </Popover.Dropdown>
    </Popover>
  );
}
