import { publicConfigSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';

/** Settings the login page needs before anyone signs in (platform name, regions, links). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { platformName, defaultRegion, regions, links, map, signup, thirdLogin, frameSources } = app.config;
  route(
    app,
    { method: 'GET', url: '/sys/public/config', access: 'public', tenancy: 'shared', scope: 'none', tags: ['system'], summary: 'Public console settings', result: publicConfigSchema },
    async () => ok({ platformName, defaultRegion, regions, links, map, signupOpen: signup.open, thirdLogin: { oauthName: thirdLogin.oauth?.name ?? null, casUrl: thirdLogin.casUrl }, frameSources }),
  );
};

export default routes;
