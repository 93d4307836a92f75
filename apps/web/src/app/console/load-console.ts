/** The console chunk (layout, menu routes); shared so the guard can start it early. */
export const loadConsole = () => import('./console-shell');
