import { type Language, type MenuTreeNode, MenuComponent, MenuType, menuLabels, resourceScreens, wordsIn } from '@cellsight/contract';
import { useTranslation } from 'react-i18next';

/** The ids of the rows that have children: what "expand all" opens. */
export const expandableKeys = (nodes: readonly MenuTreeNode[]): string[] =>
  nodes.flatMap((node) => (node.children && node.children.length > 0 ? [node.id, ...expandableKeys(node.children)] : []));

export interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
}

/**
 * Where a row may go: menus only (buttons hold no rows), never the row itself or a row below it
 * (the server refuses a row that would become its own ancestor).
 */
export const parentOptions = (nodes: readonly MenuTreeNode[], movingId?: string): ParentOption[] =>
  nodes
    .filter((node) => node.menuType !== MenuType.Button && node.id !== movingId)
    .map((node) => {
      const children = parentOptions(node.children ?? [], movingId);
      return { value: node.id, title: node.name, ...(children.length > 0 ? { children } : {}) };
    });

/** Components the console can render, and the group of a first-level menu. Others are stored but show nothing. */
export const knownComponents: readonly string[] = [...Object.values(MenuComponent), ...resourceScreens.map((resource) => resource.screen.component)];

/** A menu field's name in the console's language (labels live in the contract). */
export const useMenuLabel = () => {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (field: keyof typeof menuLabels): string => wordsIn(menuLabels[field], language);
};
