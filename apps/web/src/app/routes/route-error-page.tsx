import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/error-screen';
import { chunkLoadFailure } from '@/lib/chunk-error';

/** Last-resort error screen of the router (spec section 8: chunk load failures name type and URL). */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (error instanceof Error) console.error(error);
  const chunk = chunkLoadFailure(error);
  const detail = chunk
    ? t('error.chunk', chunk)
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : t('error.subTitle');
  return <ErrorScreen detail={detail} />;
}
