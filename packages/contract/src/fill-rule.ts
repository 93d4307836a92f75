import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { Permission } from './permissions.js';
import { type Words, auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';

/**
 * Fill rules (spec section 7, JeecgBoot's SysFillRule): a code names one of the server's value
 * generators with its parameters; forms ask for the next value (order numbers, hierarchical codes).
 */
export const fillRuleClasses = ['order_number', 'category_code'] as const;
export type FillRuleClass = (typeof fillRuleClasses)[number];

export const fillRuleClassNames: Record<FillRuleClass, Words> = {
  order_number: ['Order number (prefix, date, daily sequence)', '单号（前缀 + 日期 + 每日流水号）', 'Auftragsnummer (Präfix, Datum, Tageszähler)'],
  category_code: ['Category code (A01, A01A01 … under the form’s pid)', '分类编码（按表单 pid 生成 A01、A01A01…）', 'Kategoriecode (A01, A01A01 … unter pid des Formulars)'],
};

/** Date parts an order number may carry (UTC), as JeecgBoot writes them. */
export const orderDatePatterns = ['yyyyMMdd', 'yyMMdd', 'yyyyMM', 'yyyy', ''] as const;

/** At most 16 + 8 + 8 characters: an order number fits the 32 characters order numbers are stored in (tickets). */
export const orderNumberParamsSchema = z.object({
  prefix: text().max(16, 'must be at most 16 characters').regex(/^[A-Za-z0-9_-]*$/, 'may hold only letters, digits, _ and -').default(''),
  datePattern: z.enum(orderDatePatterns, { error: `must be one of ${orderDatePatterns.filter(Boolean).join(', ')} or empty` }).default('yyyyMMdd'),
  digits: z.coerce.number({ error: 'must be a whole number from 1 to 8' }).int('must be a whole number from 1 to 8').min(1, 'must be a whole number from 1 to 8').max(8, 'must be a whole number from 1 to 8').default(4),
});
export type OrderNumberParams = z.infer<typeof orderNumberParamsSchema>;

const fillRuleParamSchemas: Record<FillRuleClass, z.ZodType> = {
  order_number: orderNumberParamsSchema,
  category_code: z.object({}),
};

/** The parameters of a generator read from `rule_params` text ('' is no parameters), or the first problem. */
export const parseFillRuleParams = (ruleClass: FillRuleClass, ruleParams: string | null | undefined): { params: Record<string, unknown> } | { problem: string } => {
  let parsed: unknown = {};
  if (ruleParams && ruleParams.trim() !== '') {
    try {
      parsed = JSON.parse(ruleParams);
    } catch {
      return { problem: 'must be a JSON object' };
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'must be a JSON object' };
  const result = fillRuleParamSchemas[ruleClass].safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { problem: `${issue?.path.join('.') || 'params'} ${issue?.message ?? 'is invalid'}` };
  }
  return { params: result.data as Record<string, unknown> };
};

/** The date part of an order number for `now` (UTC). */
export const orderDatePart = (pattern: OrderNumberParams['datePattern'], now: Date): string => {
  const yyyy = String(now.getUTCFullYear());
  const MM = String(now.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(now.getUTCDate()).padStart(2, '0');
  return pattern.replace('yyyy', yyyy).replace('yy', yyyy.slice(2)).replace('MM', MM).replace('dd', dd);
};

const fillRuleAddSchema = z.object({
  ruleName: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  ruleCode: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -'),
  ruleClass: z.enum(fillRuleClasses, { error: `must be one of ${fillRuleClasses.join(', ')}` }),
  ruleParams: text().max(2000, 'must be at most 2000 characters').nullish(),
});

export const fillRuleResource = defineResource({
  path: '/sys/fillRule',
  tenancy: 'shared',
  table: 'sys_fill_rule',
  recordName: ['fill rule', '填值规则', 'Füllregel'],
  title: ['Fill rules', '填值规则', 'Füllregeln'],
  record: z.object({ id: text(), ruleName: text(), ruleCode: text(), ruleClass: z.enum(fillRuleClasses), ruleParams: text().nullable(), ...auditFields }),
  columns: {
    ruleName: { type: 'text' },
    ruleCode: { type: 'text' },
    ruleClass: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: fillRuleAddSchema,
  edit: editSchemaOf(fillRuleAddSchema),
  permissions: {
    list: Permission.FillRuleList,
    add: Permission.FillRuleAdd,
    edit: Permission.FillRuleEdit,
    delete: Permission.FillRuleDelete,
    export: Permission.FillRuleExport,
  },
  unique: ['ruleCode'],
  labels: {
    ruleName: ['Name', '规则名称', 'Name'],
    ruleCode: ['Code', '规则编码', 'Code'],
    ruleClass: ['Generator', '规则实现', 'Generator'],
    ruleParams: ['Parameters (JSON)', '规则参数（JSON）', 'Parameter (JSON)'],
    ...auditLabels,
  },
  sheet: ['ruleName', 'ruleCode', 'ruleClass', 'ruleParams', 'createTime'],
});
export type FillRuleRecord = z.infer<typeof fillRuleResource.record>;

/** The seeded rule ticket order numbers come from (WO + yyyyMMdd + six digits, as before). */
export const ticketOrderNumberRule = 'ticket_order_num';

/** A form's values, passed to the generator (category_code reads `pid`). */
export const fillRuleFormSchema = z.record(text(), z.unknown()).default({});
export const executeRuleByCodeParamsSchema = z.object({ ruleCode: text().trim().min(1, 'is required').max(100, 'must be at most 100 characters') });
export const executeRuleBatchSchema = z.object({
  commonFormData: z.record(text(), z.unknown()).optional(),
  rules: z
    .array(z.object({ ruleCode: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'), formData: z.record(text(), z.unknown()).optional() }))
    .min(1, 'must name at least one rule')
    .max(20, 'must name at most 20 rules'),
});
export const executeRuleBatchResultSchema = z.array(z.object({ ruleCode: text(), result: text() }));

/** Executing fill rules for forms (each takes the next number of a counter). */
export const fillRuleEndpoints = {
  /** The next value of a rule for the form in the body. */
  execute: defineEndpoint({ method: 'PUT', path: '/sys/fillRule/executeRuleByCode/:ruleCode', params: executeRuleByCodeParamsSchema, body: fillRuleFormSchema, result: text() }),
  /** The next value of several rules, each with its own formData over the commonFormData. */
  executeBatch: defineEndpoint({ method: 'PUT', path: '/sys/fillRule/executeRuleByCodeBatch', body: executeRuleBatchSchema, result: executeRuleBatchResultSchema }),
};
