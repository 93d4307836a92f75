import { type DataRuleVariable, dataRuleVariables } from '@cellsight/contract';

const variablePattern = /#\{\s*([A-Za-z_]+)\s*\}/g;

/** `sysUserCode` is JeecgBoot's other spelling of `sys_user_code`. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const isVariable = (name: string): name is DataRuleVariable => Object.hasOwn(dataRuleVariables, name);

/** The `#{…}` names in a rule value that are no user field (a typo would otherwise be matched literally). */
export const unknownVariables = (value: string): string[] =>
  [...value.matchAll(variablePattern)].map((match) => match[1] ?? '').filter((name) => !isVariable(snakeCase(name)));

export const hasVariables = (value: string): boolean => new RegExp(variablePattern.source).test(value);

const pad = (n: number) => String(n).padStart(2, '0');

/** The user fields a rule value names, for one caller at one moment (dates in UTC, as the server stores them). */
export const variableValues = (caller: { username: string; realname: string; tenantId: number; orgCode: string | null; orgCodes: string[] }, now: Date): Record<DataRuleVariable, string> => {
  const date = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
  return {
    sys_user_code: caller.username,
    sys_user_name: caller.realname,
    sys_org_code: caller.orgCode ?? caller.orgCodes[0] ?? '',
    sys_multi_org_code: caller.orgCodes.join(','),
    sys_date: date,
    sys_time: `${date} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`,
    tenant_id: String(caller.tenantId),
  };
};

/** The rule value with each `#{name}` replaced by the caller's field; the result is only ever a bound value. */
export const resolveRuleValue = (value: string, values: Record<DataRuleVariable, string>): string =>
  value.replace(variablePattern, (whole, name: string) => {
    const key = snakeCase(name);
    return isVariable(key) ? values[key] : whole;
  });
