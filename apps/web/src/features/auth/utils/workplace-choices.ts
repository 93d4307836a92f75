import type { Depart, LoginResult, Tenant } from '@cellsight/contract';

/** Where a user may work: their departments and tenants, with the current choice to start from. */
export interface WorkplaceChoices {
  username: string;
  departs: Depart[];
  tenantList: Tenant[];
  orgCode?: string | null;
  tenantId?: number;
}

/** The choices a sign-in answer offers (spec section 6: asked when there are several). */
export const choicesOf = (result: LoginResult): WorkplaceChoices => ({
  username: result.userInfo.username,
  departs: result.multi_depart === 2 ? result.departs : [],
  tenantList: result.tenantList,
});

/** Whether there is anything to choose. */
export const hasChoices = (choices: WorkplaceChoices): boolean => choices.departs.length > 1 || choices.tenantList.length > 1;
