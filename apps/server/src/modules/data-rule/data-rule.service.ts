import {
  type DataRuleChoice,
  type DataRuleColumn,
  type DataRuleRecord,
  DataRuleStatus,
  MenuType,
  type dataRuleAddSchema,
  type dataRuleEditSchema,
  dataRuleColumnsOf,
  parseListValue,
  splitIds,
} from '@cellsight/contract';
import type { z } from 'zod';
import { invalidField, notFound } from '../../lib/errors.js';
import { newId, uniqueIds } from '../../lib/ids.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { RoleDirectory } from '../role/index.js';
import type { DataRuleRepository, DataRuleRow } from './data-rule.repository.js';
import { hasVariables, unknownVariables } from '../../access/data-rule-values.js';

type RuleAdd = z.output<typeof dataRuleAddSchema>;
type RuleEdit = z.output<typeof dataRuleEditSchema>;

export const toDataRuleRecord = (row: DataRuleRow): DataRuleRecord => ({
  ...row,
  createTime: row.createTime.toISOString(),
  updateTime: row.updateTime?.toISOString() ?? null,
});

interface Dependencies {
  rules: DataRuleRepository;
  roles: RoleDirectory;
}

/**
 * Data rules of menus (JeecgBoot's permission data rules) and the roles' choice of them. A rule is
 * checked when saved: its menu must be a screen with a list, its column one of that list's
 * filterable columns, its value's `#{…}` names user fields, and a literal value must fit the column.
 */
export const createDataRuleService = ({ rules, roles }: Dependencies) => {

  /** The columns a rule on the menu may name; a 400 on `field` when the menu is no screen with a list. */
  const columnsOf = async (permissionId: string, field: string): Promise<DataRuleColumn[]> => {
    const menu = await rules.menu(permissionId);
    if (!menu) throw notFound('Menu', field);
    if (menu.menuType === MenuType.Button) throw invalidField(field, 'must be a menu, not a button');
    const columns = dataRuleColumnsOf(await rules.codesOfMenu(permissionId));
    if (!columns) throw invalidField(field, 'this menu has no list whose rows a rule could narrow');
    return columns;
  };

  const assertRule = (columns: DataRuleColumn[], rule: { ruleColumn: string; ruleConditions: string; ruleValue: string }) => {
    const column = columns.find((candidate) => candidate.name === rule.ruleColumn);
    if (!column) throw invalidField('ruleColumn', `cannot filter by "${rule.ruleColumn}"; allowed: ${columns.map((c) => c.name).join(', ')}`);
    const unknown = unknownVariables(rule.ruleValue);
    if (unknown.length > 0) throw invalidField('ruleValue', `unknown variable(s): ${unknown.map((name) => `#{${name}}`).join(', ')}`);
    const isPattern = ['LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'].includes(rule.ruleConditions);
    if (isPattern && column.type !== 'text') throw invalidField('ruleConditions', 'pattern rules work on text columns only');
    // A literal is checked against the column now; a variable's value is known only when the list is read.
    if (!hasVariables(rule.ruleValue)) {
      const values = rule.ruleConditions === 'IN' ? rule.ruleValue.split(',').map((v) => v.trim()) : [rule.ruleValue];
      for (const value of values) {
        const parsed = parseListValue(column.type, value);
        if ('error' in parsed) throw invalidField('ruleValue', parsed.error);
      }
    }
  };

  return {
    async columns(permissionId: string): Promise<DataRuleColumn[]> {
      const menu = await rules.menu(permissionId);
      if (!menu) throw notFound('Menu', 'permissionId');
      return dataRuleColumnsOf(await rules.codesOfMenu(permissionId)) ?? [];
    },

    async list(permissionId: string, search?: { ruleName?: string | null; ruleValue?: string | null }): Promise<DataRuleRecord[]> {
      return (await rules.ofMenu(permissionId, search)).map(toDataRuleRecord);
    },

    async add(auth: AuthContext, input: RuleAdd): Promise<string> {
      assertRule(await columnsOf(input.permissionId, 'permissionId'), input);
      const id = newId();
      await rules.insert({ ...input, id, status: input.status ?? DataRuleStatus.Active, createBy: auth.username });
      return id;
    },

    async edit(auth: AuthContext, input: RuleEdit): Promise<void> {
      const { id, ...changes } = input;
      const stored = await rules.byId(id);
      if (!stored) throw notFound('Data rule');
      assertRule(await columnsOf(stored.permissionId, 'id'), { ...stored, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) });
      await rules.update(id, { ...changes, updateBy: auth.username, updateTime: new Date() });
    },

    async remove(id: string): Promise<void> {
      if (!(await rules.remove(id))) throw notFound('Data rule');
    },

    /** JeecgBoot `GET /sys/role/datarule/{permissionId}/{roleId}`: the menu's rules and those the role chose. */
    async roleChoice(auth: AuthContext, permissionId: string, roleId: string): Promise<DataRuleChoice> {
      await roles.seenBy(auth, roleId, { field: 'roleId' });
      const [all, chosen] = await Promise.all([rules.ofMenu(permissionId), rules.chosenByRole(roleId, permissionId)]);
      return { datarule: all.map(toDataRuleRecord), drChecked: chosen.join(',') };
    },

    /** JeecgBoot `POST /sys/role/datarule`: the role must hold the menu; every id must be one of the menu's rules. */
    async chooseForRole(auth: AuthContext, input: { permissionId: string; roleId: string; dataRuleIds: string }): Promise<void> {
      await roles.seenBy(auth, input.roleId, { field: 'roleId', change: true });
      if (!(await rules.roleHoldsMenu(input.roleId, input.permissionId))) throw invalidField('permissionId', "save the role's menu permissions first: the role does not hold this menu");
      const ids = uniqueIds(splitIds(input.dataRuleIds));
      const known = new Set(await rules.rulesOfMenu(input.permissionId, ids));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) throw invalidField('dataRuleIds', `not rules of this menu: ${unknown.join(', ')}`);
      await rules.chooseForRole(input.roleId, input.permissionId, ids);
    },
  };
};

export type DataRuleService = ReturnType<typeof createDataRuleService>;
