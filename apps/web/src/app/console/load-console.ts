import { loadTexts } from '@/lib/i18n';

/** The console chunk (layout, menu routes) with the console's texts; shared so the guard can start it early. */
export const loadConsole = async () => {
  const [module] = await Promise.all([import('./console-shell'), loadTexts('console')]);
  return module;
};
