import type { MenuRoute } from '@cellsight/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useMenuTitle } from './menu-title';

const menu = (name: string, title: string): Pick<MenuRoute, 'name' | 'meta'> => ({ name, meta: { title, keepAlive: false, internalOrExternal: false, componentName: name, permissionList: [] } });

describe('menu titles', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('shows a plain list screen’s menu in the console’s language from its resource, whatever the row says', async () => {
    const item = menu('system-position', 'Stored name');
    const { result, rerender } = renderHook(() => useMenuTitle());
    expect(result.current(item)).toBe('Positions');
    await i18n.changeLanguage('de-DE');
    rerender();
    expect(result.current(item)).toBe('Positionen');
    await i18n.changeLanguage('zh-CN');
    rerender();
    expect(result.current(item)).toBe('职务管理');
  });

  it('keeps a translated seeded menu’s title, and the server’s text for any other menu', () => {
    const { result } = renderHook(() => useMenuTitle());
    expect(result.current(menu('system-user', 'Benutzer'))).toBe('Users');
    expect(result.current(menu('custom-page', 'My own page'))).toBe('My own page');
  });
});
