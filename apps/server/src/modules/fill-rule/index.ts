import { fillRuleResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createResourceService } from '../../kit/resource-service.js';
import { createFillRuleRepository } from './fill-rule.repository.js';
import { type FillRuleService, createFillRuleScreen, createFillRuleService } from './fill-rule.service.js';
import routes from './fill-rule.routes.js';

export type { FillRuleService } from './fill-rule.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fill-rule module's face: the next value of a rule (ticket order numbers, category codes). */
    fillRules: FillRuleService;
  }
}

/** The fill-rule module's one door: System → Fill rules, and the next value of a rule for forms and for other modules (app.fillRules). Its routes are under /boot. */
export default fp(
  async (app) => {
    const rules = createFillRuleRepository(app.db);
    const service = createFillRuleService({ rules, categories: app.categories });
    app.decorate('fillRules', service);
    const screen = createFillRuleScreen(createResourceService({ resource: fillRuleResource, ...rules.screen, dicts: app.dicts }));
    await app.register(routes, { prefix: '/boot', screen, service });
  },
  { name: 'module-fill-rule', dependencies: ['module-category', 'module-dict'] },
);
