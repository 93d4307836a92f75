import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';

/**
 * Check rules (spec section 7, JeecgBoot's SysCheckRule): a named list of rules a value must pass,
 * each on the next `digits` characters of the value (`*`: the whole value, not advancing).
 * Patterns run on the server for every check, so their size and the value's are bounded: together
 * with refusing nested quantifiers this keeps a pattern from backtracking for long.
 */
export const checkRuleLimits = { rules: 20, pattern: 100, message: 200, value: 200, digits: 200 } as const;

/** A quantified group that itself holds a quantifier, `(a+)+` or `(\d*){2,}`: the shape of catastrophic backtracking. */
const nestedQuantifier = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,)/;

/** Why a pattern is refused, or null when it compiles and is safe to run. */
export const patternProblem = (pattern: string): string | null => {
  if (pattern.length === 0) return 'is required';
  if (pattern.length > checkRuleLimits.pattern) return `must be at most ${checkRuleLimits.pattern} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  if (nestedQuantifier.test(pattern)) return 'must not repeat a group that itself repeats';
  return null;
};

export const checkRuleItemSchema = z.object({
  digits: z.union([
    z.literal('*'),
    z.coerce.number({ error: 'must be * or a whole number of characters' }).int('must be * or a whole number of characters').min(1, 'must be * or at least 1').max(checkRuleLimits.digits, `must be at most ${checkRuleLimits.digits}`),
  ], { error: 'must be * or a whole number of characters' }),
  pattern: text({ error: 'is required' }).superRefine((pattern, context) => {
    const problem = patternProblem(pattern);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  message: text({ error: 'is required' }).trim().min(1, 'is required').max(checkRuleLimits.message, `must be at most ${checkRuleLimits.message} characters`),
});
export type CheckRuleItem = z.infer<typeof checkRuleItemSchema>;

/** The rules of a `rule_json` text, or the first problem found in it (naming the rule by its position). */
export const parseCheckRules = (ruleJson: string): { rules: CheckRuleItem[] } | { problem: string } => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(ruleJson);
  } catch {
    return { problem: 'must be a JSON array of rules' };
  }
  if (!Array.isArray(parsed)) return { problem: 'must be a JSON array of rules' };
  if (parsed.length === 0) return { problem: 'must hold at least one rule' };
  if (parsed.length > checkRuleLimits.rules) return { problem: `must hold at most ${checkRuleLimits.rules} rules` };
  const rules: CheckRuleItem[] = [];
  for (const [index, item] of parsed.entries()) {
    const result = checkRuleItemSchema.safeParse(item);
    if (!result.success) {
      const issue = result.error.issues[0];
      return { problem: `rule ${index + 1}: ${String(issue?.path[0] ?? 'rule')} ${issue?.message ?? 'is invalid'}` };
    }
    rules.push(result.data);
  }
  return { rules };
};

/** A failed check (JeecgBoot's answer): the rule, the part of the value it read and where. */
export const checkRuleFailureSchema = z.object({
  digits: z.union([z.literal('*'), z.number()]),
  pattern: text(),
  message: text(),
  checkValue: text(),
  passed: z.literal(false),
  beginIndex: z.number().optional(),
  endIndex: z.number().optional(),
});
export type CheckRuleFailure = z.infer<typeof checkRuleFailureSchema>;

/**
 * Runs the rules in order: a numbered rule reads the next `digits` characters (fewer at the end of
 * the value) and moves on, `*` reads the whole value; each slice must match its pattern in full.
 * The first failing rule is answered, null when all pass. Characters are code points.
 */
export const evaluateCheckRules = (rules: readonly CheckRuleItem[], value: string): CheckRuleFailure | null => {
  const characters = Array.from(value);
  let begin = 0;
  for (const rule of rules) {
    const whole = rule.digits === '*';
    const end = whole ? characters.length : Math.min(begin + (rule.digits as number), characters.length);
    const checkValue = whole ? value : characters.slice(begin, end).join('');
    if (!new RegExp(`^(?:${rule.pattern})$`, 'u').test(checkValue)) {
      return { digits: rule.digits, pattern: rule.pattern, message: rule.message, checkValue, passed: false, ...(whole ? {} : { beginIndex: begin, endIndex: end }) };
    }
    if (!whole) begin = end;
  }
  return null;
};

const ruleJson = text({ error: 'is required' })
  .max(8000, 'must be at most 8000 characters')
  .superRefine((value, context) => {
    const parsed = parseCheckRules(value);
    if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
  });

const checkRuleAddSchema = z.object({
  ruleName: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  ruleCode: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -'),
  ruleJson,
  ruleDescription: text().trim().max(200, 'must be at most 200 characters').nullish(),
});

export const checkRuleResource = defineResource({
  path: '/sys/checkRule',
  tenancy: 'shared',
  table: 'sys_check_rule',
  recordName: ['check rule', '编码校验规则', 'Prüfregel'],
  title: ['Check rules', '编码校验规则', 'Prüfregeln'],
  record: z.object({ id: text(), ruleName: text(), ruleCode: text(), ruleJson: text(), ruleDescription: text().nullable(), ...auditFields }),
  columns: {
    ruleName: { type: 'text' },
    ruleCode: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: checkRuleAddSchema,
  edit: editSchemaOf(checkRuleAddSchema),
  permissions: {
    list: Permission.CheckRuleList,
    add: Permission.CheckRuleAdd,
    edit: Permission.CheckRuleEdit,
    delete: Permission.CheckRuleDelete,
    export: Permission.CheckRuleExport,
  },
  unique: ['ruleCode'],
  labels: {
    ruleName: ['Name', '规则名称', 'Name'],
    ruleCode: ['Code', '规则编码', 'Code'],
    ruleJson: ['Rules', '规则设计', 'Regeln'],
    ruleDescription: ['Description', '规则描述', 'Beschreibung'],
    ...auditLabels,
  },
  sheet: ['ruleName', 'ruleCode', 'ruleJson', 'ruleDescription', 'createTime'],
});
export type CheckRuleRecord = z.infer<typeof checkRuleResource.record>;

/** `GET /sys/checkRule/checkByCode`: any signed-in form may ask (JeecgBoot leaves it open to forms). */
export const checkByCodeQuerySchema = z.object({
  ruleCode: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  value: text({ error: 'is required' }).max(checkRuleLimits.value, `must be at most ${checkRuleLimits.value} characters`),
});

export const checkRuleEndpoints = {
  /** Checks a value against the rules of a code; a failing rule answers 400 with its message and the failure. */
  checkByCode: defineEndpoint({ method: 'GET', path: '/sys/checkRule/checkByCode', query: checkByCodeQuerySchema, result: null }),
};
