import { config } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` unless told not to, and probes for it first:
 * under the server's Content Security Policy (script-src 'self', no 'unsafe-eval') that probe is a
 * reported violation even though zod catches it. Imported first by main.tsx, so it runs before any
 * schema (the contract's included) is built.
 */
config({ jitless: true });
