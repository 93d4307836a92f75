import { positionResource } from './position.js';

// Each plain list screen's resource is exported from here, so a new one is one file and two lines here.
export * from './position.js';

/**
 * The plain list screens, each declared once as its resource (with its `screen` and `examples`):
 * the first start seeds its menu and button rows from it, the server serves it with the screen
 * kit's one door (`resourceModule`), and the list-contract tests check it. A screen with calls or
 * rules of its own keeps a module and a menu row of its own instead (docs/architecture.md).
 */
export const resourceScreens = [positionResource] as const;
