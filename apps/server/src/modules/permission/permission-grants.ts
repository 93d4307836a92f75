import { permissionCodes } from '@cellsight/contract';
import { forbidden } from '../../lib/errors.js';

/**
 * No one hands out more than they hold: giving a role to a user, granting rows to a role, or
 * putting a code on a button is refused for any server permission code the caller lacks
 * (codes no route checks grant nothing, so they pass). Codes held but withheld here (a tenant
 * administrator's platform codes, which no one of its tenant can use) are held all the same.
 */
export const assertGrantable = (caller: { permissions: ReadonlySet<string>; withheld?: ReadonlySet<string> }, codes: Iterable<string>): void => {
  const beyond = [...new Set(codes)].filter((code) => permissionCodes.includes(code) && !caller.permissions.has(code) && !caller.withheld?.has(code));
  if (beyond.length > 0) throw forbidden(`You cannot grant permissions you do not hold: ${beyond.sort().join(', ')}`);
};
