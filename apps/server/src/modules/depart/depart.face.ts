import { notFound } from '../../lib/errors.js';
import type { TenantCaller } from '../../access/tenant-scope.js';
import type { DepartRepository, DepartRow } from './depart.repository.js';
import { departsSeenBy } from '../../access/depart-scope.js';

/**
 * The depart module's face: the departments a caller works with and who is in them, as the user
 * form and the users of a department need them. The door builds it once, as `app.departs`; the
 * module's repository stays its own.
 */
export const createDepartDirectory = (repository: DepartRepository) => ({
  /** The department the caller names, if it is one of its tenants' (else 404, naming `field` when given). */
  async seenBy(caller: TenantCaller, id: string, field?: string): Promise<DepartRow> {
    const depart = await repository.byId(id, departsSeenBy(caller));
    if (!depart) throw notFound('Department', field);
    return depart;
  },
  /** Which of the ids name departments the caller works with. */
  existing: (ids: string[], caller: TenantCaller) => repository.existing(ids, departsSeenBy(caller)),
  /** "The user is in the department", as a condition on sys_user rows. */
  hasMember: repository.hasMember,
  /** Puts users into a department; returns those who were not in it yet. */
  addUsers: repository.addUsers,
  /** Takes users matching `where` out of a department; returns those who were in it. */
  removeUsers: repository.removeUsers,
});

export type DepartDirectory = ReturnType<typeof createDepartDirectory>;
