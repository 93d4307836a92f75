import { checkRuleEndpoints, type checkRuleResource } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import type { ResourceService } from '../../kit/resource-service.js';
import { endpointRoute } from '../../kit/route.js';
import type { CheckRuleService } from './check-rule.service.js';

const tags = ['check rules'];

/** Check rules: the kit's screen calls (system table, guarded by its permissions), and the check every signed-in form may ask for. */
const routes: FastifyPluginAsyncZod<{ admin: ResourceService<typeof checkRuleResource>; service: CheckRuleService }> = async (app, { admin, service }) => {
  resourceRoutes(app, admin, tags, { records: 'none' });

  endpointRoute(
    app,
    checkRuleEndpoints.checkByCode,
    {
      access: 'authenticated',
      tenancy: 'shared', scope: 'none',
      tags,
      summary: 'Checks a value against the rules of a code, in order; a failing rule answers 400 with its message and {digits, pattern, message, checkValue, passed: false, beginIndex?, endIndex?}; an unknown code 404',
    },
    async (request) => {
      await service.check(request.query.ruleCode, request.query.value);
      return ok(null, 'The value passes the rules');
    },
  );
};

export default routes;
