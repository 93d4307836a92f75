import { addressBookEndpoints, userResource } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** A page of the address book: a department's users with its sub-departments', under the users' key (any change to users refreshes it). */
/** What the page asks for: the chosen department, the keyword, the page and the order. */
export interface AddressBookParams {
  depId?: string;
  keyword?: string;
  pageNo: number;
  pageSize: number;
  column: string;
  order: 'asc' | 'desc';
}

export const useAddressBook = (query: AddressBookParams) =>
  useQuery({
    queryKey: [...resourceKeys.all(userResource), 'addressBook', query],
    queryFn: async () => (await api.call(addressBookEndpoints.list, { query: { ...query } })).result,
    placeholderData: keepPreviousData,
  });
