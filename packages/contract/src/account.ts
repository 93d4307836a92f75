import { z } from 'zod';

/**
 * Account types (spec section 6): administrators; distributors (agents); installers under a
 * distributor; end users under an installer or directly under a distributor. Every non-admin
 * account knows its superior; what a caller may see of stations and devices follows from it.
 */
export const AccountType = {
  Admin: 'admin',
  Distributor: 'distributor',
  Installer: 'installer',
  EndUser: 'end_user',
} as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];
export const accountTypes = Object.values(AccountType) as [AccountType, ...AccountType[]];
export const accountTypeSchema = z.enum(accountTypes, { error: `must be one of ${accountTypes.join(', ')}` });

/** Which account types may be the superior of each type (none: the type has no superior). */
export const superiorTypesOf: Record<AccountType, readonly AccountType[]> = {
  admin: [],
  distributor: [],
  installer: ['distributor'],
  end_user: ['installer', 'distributor'],
};
