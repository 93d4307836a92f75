import { Dropdown, type MenuProps } from 'antd';
import { type MouseEvent, type ReactNode, useState } from 'react';

interface Opened<T> {
  x: number;
  y: number;
  target: T;
}

/**
 * A right-click menu at the pointer (spec section 2: the context menu picker), for things that are
 * not one element antd's Dropdown could wrap, such as table rows or tree nodes. `onContextMenu`
 * goes on the thing; `menu` renders once next to it. The keyboard's menu key (and Shift+F10) opens
 * it too, where the focused element is, since browsers send that as a contextmenu event.
 */
export function useContextMenu<T>(items: (target: T) => MenuProps['items']): { onContextMenu: (event: MouseEvent, target: T) => void; menu: ReactNode } {
  const [opened, setOpened] = useState<Opened<T> | null>(null);

  const onContextMenu = (event: MouseEvent, target: T) => {
    const entries = items(target);
    if (!entries || entries.length === 0) return;
    event.preventDefault();
    const keyboard = event.clientX === 0 && event.clientY === 0;
    const box = keyboard ? (event.currentTarget as Element).getBoundingClientRect() : null;
    setOpened({ x: box ? box.left + 16 : event.clientX, y: box ? box.top + box.height / 2 : event.clientY, target });
  };

  const menu = opened && (
    <Dropdown
      open
      trigger={['contextMenu']}
      onOpenChange={(open) => !open && setOpened(null)}
      menu={{
        items: items(opened.target),
        onClick: ({ domEvent }) => {
          domEvent.stopPropagation();
          setOpened(null);
        },
      }}
    >
      <span aria-hidden style={{ position: 'fixed', left: opened.x, top: opened.y, width: 1, height: 1 }} />
    </Dropdown>
  );

  return { onContextMenu, menu };
}
