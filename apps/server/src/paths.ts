import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's files are, the same whether it runs from its TypeScript sources (`src/`, with
 * tsx or in the tests) or from the build (`dist/server.js`, one bundle): both sit one folder below
 * the server package, so every path is taken from this module's folder, never from a nested one.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** Whether this is the built server (`dist/*.js`) rather than the TypeScript sources. */
export const runningBuilt = import.meta.url.endsWith('.js');

/** A file of the server package (`apps/server/...`). */
export const serverPath = (...segments: string[]): string => join(serverRoot, ...segments);
