import { systemEndpoints, thirdAppEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';

/** Settings the login page needs before anyone signs in (platform name, regions, links), and what the platform integrates with. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { platformName, defaultRegion, regions, links, map, signup, thirdLogin, frameSources } = app.config;
  endpointRoute(
    app,
    systemEndpoints.publicConfig,
    { access: 'public', tenancy: 'shared', scope: 'none', tags: ['system'], summary: 'Public console settings' },
    async () => ok({ platformName, defaultRegion, regions, links, map, signupOpen: signup.open, thirdLogin: { oauthName: thirdLogin.oauth?.name ?? null, casUrl: thirdLogin.casUrl }, frameSources }),
  );

  // Cellsight synchronises users and departments with no outside app: it has no WeCom and no
  // DingTalk integration, so both are off, always. JeecgBoot's Users and Departments screens ask,
  // and then offer no sync buttons.
  const enabledTypes = { wechatEnterprise: false, dingtalk: false };
  endpointRoute(
    app,
    thirdAppEndpoints.enabledTypes,
    { access: 'authenticated', tenancy: 'shared', scope: 'none', tags: ['system'], summary: 'Which outside apps users and departments are synchronised with: none (Cellsight has no WeCom or DingTalk integration)' },
    async () => ok(enabledTypes),
  );
};

export default routes;
