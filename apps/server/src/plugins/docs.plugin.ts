import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas, browsable at /boot/docs. */
export default fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Cellsight API', version: '0.1.0', description: 'Energy-storage monitoring console API. Every answer is the envelope {success, message, code, result, timestamp}.' },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
        security: [{ token: [] }],
      },
      transform: jsonSchemaTransform,
    });
    // The documentation itself is public; the API it describes is not.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/boot/docs')) route.config = { ...route.config, access: 'public', tenancy: 'shared', scope: 'none' };
    });
    // No staticCSP: swagger-ui's own policy adds upgrade-insecure-requests and blocks the <style> its
    // bundle injects; the app-wide policy (security-headers.plugin.ts) covers these pages.
    await app.register(fastifySwaggerUi, { routePrefix: '/boot/docs', uiHooks: {} });
  },
  { name: 'docs' },
);
