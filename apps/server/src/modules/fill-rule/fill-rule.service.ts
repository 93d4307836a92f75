import { type FillRuleClass, type OrderNumberParams, ServerCode, fillRuleClasses, type fillRuleResource, orderDatePart, parseFillRuleParams } from '@cellsight/contract';
import type { z } from 'zod';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import type { ResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { CategoryCodes } from '../category/index.js';
import type { FillRuleRepository } from './fill-rule.repository.js';

/** A rule as a generator needs it: its class and parameters (a caller's fallback when the row was deleted). */
export interface FillRuleDefinition {
  ruleClass: FillRuleClass;
  ruleParams: string | null;
}

export interface FillRuleServiceDeps {
  rules: FillRuleRepository;
  categories: CategoryCodes;
  now?: () => Date;
}

/** Who asks: a signed-in user (whose tenant a category code is for), or the server itself (null). */
export type FillRuleCaller = { userId: string; tenantId: number } | null;

/** What a generator gets: the rule's code (sequences are kept per code), its parameters, the form, the caller. */
interface GeneratorInput {
  ruleCode: string;
  params: Record<string, unknown>;
  form: Record<string, unknown>;
  caller: FillRuleCaller;
}

/** The server's named generators (`rule_class`), spec section 7. */
const generatorsOf = (deps: FillRuleServiceDeps): Record<FillRuleClass, (input: GeneratorInput) => Promise<string>> => ({
  /** prefix + date + the day's (or month's, year's) counter, zero-padded: WO20261125000001. */
  async order_number({ ruleCode, params }) {
    const { prefix, datePattern, digits } = params as OrderNumberParams;
    const date = orderDatePart(datePattern, (deps.now ?? (() => new Date()))());
    const next = await deps.rules.nextInSequence(ruleCode, date === '' ? 'all' : date);
    return `${prefix}${date}${String(next).padStart(digits, '0')}`;
  },
  /** The next free category code under the form's `pid` (none: the top level), as a new category would take it. */
  async category_code({ form, caller }) {
    const pid = typeof form.pid === 'string' && form.pid !== '' ? form.pid : '0';
    const tenantId = caller ? await deps.categories.tenantOf(caller) : null;
    const code = tenantId === null ? null : await deps.categories.nextCode(tenantId, pid);
    if (code === null) throw invalidField('pid', 'no category with this id, or no free code left below it');
    return code;
  },
});

export const createFillRuleService = (deps: FillRuleServiceDeps) => {
  const generators = generatorsOf(deps);
  return {
    /** The generated value of the rule `ruleCode` for a form; `fallback` stands in when no rule has the code (a seeded rule an administrator deleted). */
    async execute(ruleCode: string, form: Record<string, unknown>, caller: FillRuleCaller, fallback?: FillRuleDefinition): Promise<string> {
      const stored = await deps.rules.byCode(ruleCode);
      const rule = stored ?? fallback;
      if (!rule) throw notFound('Fill rule', 'ruleCode');
      if (!(fillRuleClasses as readonly string[]).includes(rule.ruleClass)) throw new AppError(ServerCode.INCORRECT_PARAMETER, `The fill rule ${ruleCode} names no generator of this server (${rule.ruleClass})`, 400);
      const ruleClass = rule.ruleClass as FillRuleClass;
      const parsed = parseFillRuleParams(ruleClass, rule.ruleParams);
      if ('problem' in parsed) throw new AppError(ServerCode.INCORRECT_PARAMETER, `The parameters of the fill rule ${ruleCode} are not valid: ${parsed.problem}`, 400);
      return generators[ruleClass]({ ruleCode, params: parsed.params, form, caller });
    },
  };
};
export type FillRuleService = ReturnType<typeof createFillRuleService>;

/** Refuses parameters the generator cannot read, naming `ruleParams`. */
const assertParams = (ruleClass: FillRuleClass, ruleParams: string | null | undefined) => {
  const parsed = parseFillRuleParams(ruleClass, ruleParams);
  if ('problem' in parsed) throw invalidField('ruleParams', parsed.problem);
};

/** System → Fill rules: the kit's screen calls, parameters checked against the chosen generator. */
export const createFillRuleScreen = (kit: ResourceService<typeof fillRuleResource>) => ({
  ...kit,
  async add(auth: AuthContext, input: z.infer<typeof fillRuleResource.add>) {
    assertParams(input.ruleClass, input.ruleParams);
    return kit.add(auth, input);
  },
  async edit(auth: AuthContext, input: z.infer<typeof fillRuleResource.edit>) {
    if (input.ruleClass !== undefined || input.ruleParams !== undefined) {
      const current = await kit.byId(auth, input.id, 'en-US');
      assertParams(input.ruleClass ?? current.ruleClass, input.ruleParams === undefined ? current.ruleParams : input.ruleParams);
    }
    await kit.edit(auth, input);
  },
});
export type FillRuleScreen = ReturnType<typeof createFillRuleScreen>;
