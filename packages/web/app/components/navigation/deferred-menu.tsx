import {
  cloneElement,
  type FocusEventHandler,
  type MouseEventHandler,
  type PointerEventHandler,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';

/** The header's menus and pop-overs with Mantine's Menu, Popover and floating-ui. */
export type HeaderMenus = typeof import('./header-menus');

let loaded: HeaderMenus | undefined;
let loading: Promise<HeaderMenus> | undefined;

/**
 * Loads the header's menus once for the page. A failed load (a dropped connection) is
 * forgotten, so the next press of a menu button tries again.
 */
export function loadHeaderMenus(): Promise<HeaderMenus> {
  loading ??= import('./header-menus').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The props a menu's button gets from here (Mantine's Button and ActionIcon take them). */
export interface TriggerProps {
  ref?: Ref<HTMLButtonElement>;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  onPointerEnter?: PointerEventHandler<HTMLButtonElement>;
  onPointerDown?: PointerEventHandler<HTMLButtonElement>;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
}

/**
 * A header menu whose button is a plain button until it is first pressed, then the real
 * menu from the header-menus chunk: Mantine's Menu and Popover with floating-ui are not part
 * of the first page's script (the 200 KB budget of `/`).
 *
 * The server and the hydration render the same plain button, so nothing of the page changes
 * and no lazy boundary is hydrated (React dropped the server HTML of such a boundary when the
 * header changed before its chunk had come). Pointing at the button, focusing or touching it
 * starts the load; a press opens the menu once the chunk is there. The loaded menu renders a
 * new button in the same place: it takes over the focus of the plain one and is then pressed
 * itself, so the menu opens, traps and returns the focus exactly as on any later press.
 */
export function DeferredMenu({
  trigger,
  popup = 'menu',
  children,
}: {
  /** The menu's button, the same before and after the load. */
  trigger: ReactElement<TriggerProps>;
  /** What the button opens, for `aria-haspopup`. */
  popup?: 'menu' | 'dialog';
  /** The loaded menu around `target` (the trigger with the ref this component needs). */
  children: (menus: HeaderMenus, target: ReactElement<TriggerProps>) => ReactNode;
}) {
  // Undefined on the server and in the hydration render of a first page load (nothing has
  // asked for the chunk yet); menus that appear later use it at once.
  const [menus, setMenus] = useState<HeaderMenus | undefined>(loaded);
  const button = useRef<HTMLButtonElement>(null);
  const handoff = useRef<{ focus: boolean } | null>(null);

  useEffect(() => {
    const pending = handoff.current;
    const node = button.current;
    if (!menus || !pending || !node) return;
    handoff.current = null;
    if (pending.focus) node.focus();
    node.click();
  }, [menus]);

  if (menus) return children(menus, cloneElement(trigger, { ref: button }));

  const preload = () => {
    // Only a head start: the press below loads it again if this fails.
    loadHeaderMenus().catch(() => {});
  };
  return cloneElement(trigger, {
    ref: button,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: preload,
    onPointerDown: preload,
    onFocus: preload,
    onClick: (event) => {
      handoff.current = { focus: document.activeElement === event.currentTarget };
      loadHeaderMenus().then(setMenus, () => {
        // The chunk did not come: the button stays as it is and the next press tries again.
        handoff.current = null;
      });
    },
  });
}
