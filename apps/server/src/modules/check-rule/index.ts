import { checkRuleResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createResourceService } from '../../kit/resource-service.js';
import { createCheckRuleRepository } from './check-rule.repository.js';
import { createCheckRuleService } from './check-rule.service.js';
import routes from './check-rule.routes.js';

/** The check-rule module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    const rules = createCheckRuleRepository(app.db);
    const admin = createResourceService({ resource: checkRuleResource, ...rules.screen, dicts: app.dicts });
    await app.register(routes, { prefix: '/boot', admin, service: createCheckRuleService(rules) });
  },
  { name: 'module-check-rule', dependencies: ['module-dict'] },
);
