import type { RefObject } from 'react';
import type { EditableGridHandle, GridCellError, GridRow } from './types';

export interface GridTab {
  /** The tab's key in the form's Tabs. */
  key: string;
  grid: RefObject<EditableGridHandle<GridRow> | null>;
}

/**
 * Before a tabbed form with a grid on several tabs saves (spec section 5): every grid is checked,
 * and the first tab whose grid fails is activated and its first failing cell focused.
 */
export const validateGridTabs = async (tabs: readonly GridTab[], activate: (key: string) => void): Promise<{ valid: boolean; tab?: string; errors: (GridCellError & { tab: string })[] }> => {
  const errors: (GridCellError & { tab: string })[] = [];
  let firstTab: string | undefined;
  for (const tab of tabs) {
    const result = await tab.grid.current?.validate({ focus: false });
    if (!result || result.valid) continue;
    firstTab ??= tab.key;
    errors.push(...result.errors.map((error) => ({ ...error, tab: tab.key })));
  }
  if (firstTab === undefined) return { valid: true, errors };
  activate(firstTab);
  const failing = tabs.find((tab) => tab.key === firstTab);
  // Once the tab shows its grid, focus that grid's first failing cell.
  setTimeout(() => void failing?.grid.current?.validate({ focus: true }), 0);
  return { valid: false, tab: firstTab, errors };
};
