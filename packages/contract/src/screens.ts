import { Permission } from './permissions.js';
import { positionResource } from './position.js';
import { listScreen } from './resource.js';

// Each plain list screen's resource is exported from here, so a new one is one file and two lines here.
export * from './position.js';

/**
 * The plain list screens, each declared once as its resource (with its `screen`, `page` and
 * `examples`): the first start seeds its menu and button rows from it, the server serves it with
 * the screen kit's one door (`resourceModule`), the web app builds its page with the screen kit,
 * and the list-contract tests check it. A screen with calls or rules of its own keeps a module, a
 * page and a menu row of its own instead (docs/architecture.md).
 */
export const resourceScreens = [listScreen(positionResource)] as const;

/** Every permission code the console knows: `Permission`'s and each plain list screen's. */
export const permissionCodes: readonly string[] = [...Object.values(Permission), ...resourceScreens.flatMap((resource) => Object.values(resource.permissions))];
