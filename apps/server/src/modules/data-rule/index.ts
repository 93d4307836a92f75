import fp from 'fastify-plugin';
import { type DataRuleMenus, createDataRuleMenus } from './data-rule.face.js';
import { createDataRuleRepository } from './data-rule.repository.js';
import routes from './data-rule.routes.js';

export type { DataRuleMenus } from './data-rule.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The data-rule module's face (modules/data-rule/data-rule.face.ts). */
    dataRules: DataRuleMenus;
  }
}

/** The data-rule module's one door: the data rules of menus and the roles' choice of them, and the rules of a menu for department roles (app.dataRules). Its routes are under /boot. */
export default fp(
  async (app) => {
    const rules = createDataRuleRepository(app.db);
    app.decorate('dataRules', createDataRuleMenus(rules));
    await app.register(routes, { prefix: '/boot', rules });
  },
  { name: 'module-data-rule', dependencies: ['module-role'] },
);
