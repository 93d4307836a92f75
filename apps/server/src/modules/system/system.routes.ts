import { systemEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';

/** Settings the login page needs before anyone signs in (platform name, regions, links). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { platformName, defaultRegion, regions, links, map, signup, thirdLogin, frameSources } = app.config;
  endpointRoute(
    app,
    systemEndpoints.publicConfig,
    { access: 'public', tenancy: 'shared', scope: 'none', tags: ['system'], summary: 'Public console settings' },
    async () => ok({ platformName, defaultRegion, regions, links, map, signupOpen: signup.open, thirdLogin: { oauthName: thirdLogin.oauth?.name ?? null, casUrl: thirdLogin.casUrl }, frameSources }),
  );
};

export default routes;
