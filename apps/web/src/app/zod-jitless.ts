/**
 * Zod compiles fast object parsers with `new Function` unless told not to, and probes for it first:
 * under the server's Content Security Policy (script-src 'self', no 'unsafe-eval') that probe is a
 * reported violation even though zod catches it. Imported first by main.tsx, so it runs before any
 * schema (the contract's included) is built. Zod keeps its settings on this global and takes an
 * existing one over (zod/v4/core/core.js), so the setting is made without loading zod itself: zod
 * loads with the first page that uses a schema, not with the sign-in page.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
