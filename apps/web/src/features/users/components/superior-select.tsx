import { AccountType, endpointsOfResource, userResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { SuperiorSelect as AccountSuperiorSelect } from '@/components/pickers/superior-select';
import { api } from '@/lib/api-client';

/** Accounts that can stand above another (spec section 6): distributors, and installers (above end users). */
const superiorTypes = [AccountType.Distributor, AccountType.Installer];

/** Picks a user's superior among the distributors and installers the administrator sees. */
export function SuperiorSelect(props: Omit<ComponentProps<typeof AccountSuperiorSelect>, 'accounts' | 'loading' | 'failed'>) {
  const superiors = useQuery({
    queryKey: [userResource.path, 'superiors'],
    queryFn: async () => {
      const pages = await Promise.all(superiorTypes.map((accountType) => api.call(endpointsOfResource(userResource).list, { query: { accountType, pageSize: 1000, column: 'realname', order: 'asc' } })));
      return pages.flatMap((page) => page.result.records);
    },
    staleTime: 60_000,
  });
  return <AccountSuperiorSelect {...props} accounts={superiors.data} loading={superiors.isFetching} failed={superiors.isError} />;
}
