import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The side menu in a drawer on narrow screens (`main-layout.tsx` loads it on demand). */
export default function MenuDrawer({ open, onClose, width, dark, background, children }: { open: boolean; onClose: () => void; width: number; dark: boolean; background: string; children: ReactNode }) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={width}
      closable={false}
      className={dark ? 'cs-menu-drawer cs-menu-drawer--dark' : 'cs-menu-drawer'}
      styles={{ body: { padding: 0, background } }}
    >
      {children}
    </Drawer>
  );
}
