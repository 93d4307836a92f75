/**
 * Node options of every test worker (vitest.config.ts, apps/web/vitest.shared.ts): a larger young
 * generation, since rendering and request handling allocate many short-lived objects and with V8's
 * default 16 MB semi-space the workers spent a tenth of their time in scavenges (docs/performance.md).
 */
export const testWorkerArgs = ['--max-semi-space-size=64'];
