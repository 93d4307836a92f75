import { checkByCodeQuerySchema, checkRuleResource } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTableRepository } from '../../kit/table-repository.js';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { createResourceService } from '../../kit/resource-service.js';
import { route } from '../../kit/route.js';
import { createCheckRuleRepository } from './check-rule.repository.js';
import { createCheckRuleService } from './check-rule.service.js';
import { checkRules } from './check-rule.table.js';

const tags = ['check rules'];

/** Check rules: the kit's screen calls (system table, guarded by its permissions), and the check every signed-in form may ask for. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = createResourceService({
    resource: checkRuleResource,
    table: checkRules,
    repository: createTableRepository(app.db, checkRules),
    columns: { ruleName: checkRules.ruleName, ruleCode: checkRules.ruleCode, createTime: checkRules.createTime },
    dicts: app.dicts,
  });
  resourceRoutes(app, admin, tags, { records: 'none' });

  const service = createCheckRuleService(createCheckRuleRepository(app.db));
  route(
    app,
    {
      method: 'GET',
      url: `${checkRuleResource.path}/checkByCode`,
      access: 'authenticated',
      tenancy: 'shared', scope: 'none',
      tags,
      summary: 'Checks a value against the rules of a code, in order; a failing rule answers 400 with its message and {digits, pattern, message, checkValue, passed: false, beginIndex?, endIndex?}; an unknown code 404',
      input: { querystring: checkByCodeQuerySchema },
      result: null,
    },
    async (request) => {
      await service.check(request.query.ruleCode, request.query.value);
      return ok(null, 'The value passes the rules');
    },
  );
};

export default routes;
