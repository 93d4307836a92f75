import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';

interface DashboardStateProps<T> {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** A dashboard's data, or its loading skeleton, or why it could not be read with a retry. */
export function DashboardState<T>({ query, children }: DashboardStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending)
    {return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );}
  return <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
}
