import type { Language, Page, UserRecord, addressBookQuerySchema } from '@cellsight/contract';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { UserAccounts } from '../user/index.js';
import type { AddressBookRepository } from './address-book.repository.js';

/**
 * The address book: the users of the caller's tenants by department, the chosen department's
 * subtree included, with the users list's contract and a keyword search.
 */
export const createAddressBookService = (book: AddressBookRepository, users: UserAccounts) => ({
  /** A page of the users list narrowed to department `depId`'s subtree (404 naming `depId` for one the caller does not see) and to `keyword`. */
  async list(auth: AuthContext, request: z.output<typeof addressBookQuerySchema>, language: Language): Promise<Page<UserRecord>> {
    const { depId, keyword, ...query } = request;
    let orgCode: string | null = null;
    if (depId) {
      orgCode = await book.orgCodeOf(depId, auth);
      if (orgCode === null) throw notFound('Department', 'depId');
    }
    return users.list(auth, query, language, book.usersWhere(orgCode, keyword || undefined));
  },
});
export type AddressBookService = ReturnType<typeof createAddressBookService>;
