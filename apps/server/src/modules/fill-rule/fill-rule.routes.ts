import { fillRuleEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { FillRuleScreen, FillRuleService } from './fill-rule.service.js';

const tags = ['fill rules'];

/** Fill rules: the kit's screen calls (parameters checked against the chosen generator), and executing rules for forms. */
const routes: FastifyPluginAsyncZod<{ screen: FillRuleScreen; service: FillRuleService }> = async (app, { screen, service }) => {
  resourceRoutes(app, screen, tags, { records: 'none' });

  // Executing takes the next number of a counter: a write, so the demo account is refused it like every write.
  endpointRoute(
    app,
    fillRuleEndpoints.execute,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'The next value of a rule for the form in the body' },
    async (request) => ok(await service.execute(request.params.ruleCode, request.body ?? {}, requireAuth(request))),
  );
  endpointRoute(
    app,
    fillRuleEndpoints.executeBatch,
    {
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'The next value of several rules: each with its own formData over the commonFormData; [{ruleCode, result}]',
    },
    async (request) => {
      const caller = requireAuth(request);
      const { commonFormData = {}, rules } = request.body;
      const results: { ruleCode: string; result: string }[] = [];
      for (const rule of rules) results.push({ ruleCode: rule.ruleCode, result: await service.execute(rule.ruleCode, { ...commonFormData, ...rule.formData }, caller) });
      return ok(results);
    },
  );
};

export default routes;
