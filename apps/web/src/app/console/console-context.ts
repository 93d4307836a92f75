import type { MenuRoute } from '@cellsight/contract';
import { createContext, useContext } from 'react';

export interface ConsoleState {
  /** The user's menu with absolute paths. */
  menu: MenuRoute[];
  /** Home: the first menu page, or account settings. */
  defaultPath: string;
}

export const ConsoleContext = createContext<ConsoleState>({ menu: [], defaultPath: '/' });

export const useConsole = (): ConsoleState => useContext(ConsoleContext);
