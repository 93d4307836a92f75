import { type FillRuleClass, executeRuleBatchResultSchema, executeRuleBatchSchema, executeRuleByCodeParamsSchema, fillRuleFormSchema, fillRuleResource, parseFillRuleParams, text } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createTableRepository } from '../../kit/table-repository.js';
import { ok } from '../../kit/envelope.js';
import { invalidField } from '../../lib/errors.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { createResourceService } from '../../kit/resource-service.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { FillRuleService } from './fill-rule.service.js';
import { fillRules } from './fill-rule.table.js';

const tags = ['fill rules'];
const { path } = fillRuleResource;

/** Refuses parameters the generator cannot read, naming `ruleParams`. */
const assertParams = (ruleClass: FillRuleClass, ruleParams: string | null | undefined) => {
  const parsed = parseFillRuleParams(ruleClass, ruleParams);
  if ('problem' in parsed) throw invalidField('ruleParams', parsed.problem);
};

/** Fill rules: the kit's screen calls (parameters checked against the chosen generator), and executing rules for forms. */
const routes: FastifyPluginAsyncZod<{ service: FillRuleService }> = async (app, { service }) => {
  const kit = createResourceService({
    resource: fillRuleResource,
    table: fillRules,
    repository: createTableRepository(app.db, fillRules),
    columns: { ruleName: fillRules.ruleName, ruleCode: fillRules.ruleCode, ruleClass: fillRules.ruleClass, createTime: fillRules.createTime },
    dicts: app.dicts,
  });
  resourceRoutes(
    app,
    {
      ...kit,
      async add(auth, input: z.infer<typeof fillRuleResource.add>) {
        assertParams(input.ruleClass, input.ruleParams);
        return kit.add(auth, input);
      },
      async edit(auth, input: z.infer<typeof fillRuleResource.edit>) {
        if (input.ruleClass !== undefined || input.ruleParams !== undefined) {
          const current = await kit.byId(auth, input.id, 'en-US');
          assertParams(input.ruleClass ?? current.ruleClass, input.ruleParams === undefined ? current.ruleParams : input.ruleParams);
        }
        await kit.edit(auth, input);
      },
    },
    tags,
    { records: 'none' },
  );

  // Executing takes the next number of a counter: a write, so the demo account is refused it like every write.
  route(
    app,
    { method: 'PUT', url: `${path}/executeRuleByCode/:ruleCode`, access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'The next value of a rule for the form in the body', input: { params: executeRuleByCodeParamsSchema, body: fillRuleFormSchema }, result: text() },
    async (request) => ok(await service.execute(request.params.ruleCode, request.body ?? {}, requireAuth(request))),
  );
  route(
    app,
    {
      method: 'PUT',
      url: `${path}/executeRuleByCodeBatch`,
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'The next value of several rules: each with its own formData over the commonFormData; [{ruleCode, result}]',
      input: { body: executeRuleBatchSchema },
      result: executeRuleBatchResultSchema,
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
