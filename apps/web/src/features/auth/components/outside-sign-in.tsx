import type { LoginResult } from '@cellsight/contract';
import { LoginOutlined } from '@ant-design/icons';
import { Button, Flex, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/notify';
import { usePublicConfig } from '@/lib/public-config';
import { casServiceUrl, oauthStartUrl, useOutsideSignIn } from '../api/outside-sign-in';

// Drawn only where a provider is configured or the browser comes back from one.
const Alert = lazy(() => import('antd/es/alert'));
const Divider = lazy(() => import('antd/es/divider'));

/**
 * Sign-in through an outside provider, where one is configured: the buttons that leave for it, and,
 * when the browser comes back (`?thirdToken=` from OAuth, `?cas=1&ticket=` from CAS, or
 * `?thirdError=`), the session it brings or the reason it failed.
 */
export function OutsideSignIn({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation('login');
  const offers = usePublicConfig().data?.thirdLogin;
  const [searchParams, setSearchParams] = useSearchParams();
  const outside = useOutsideSignIn();
  const thirdToken = searchParams.get('thirdToken');
  const casTicket = searchParams.get('cas') === '1' ? searchParams.get('ticket') : null;
  const thirdError = searchParams.get('thirdError');
  const traded = useRef(false);

  useEffect(() => {
    // Once per return: the ticket is good for one use only.
    if (traded.current || (!thirdToken && !casTicket)) return;
    traded.current = true;
    // The spent ticket leaves the address first, so that where a session goes next is the last word.
    const forgetTicket = () => setSearchParams({}, { replace: true });
    outside.mutate(thirdToken ? { thirdToken } : { ticket: casTicket ?? '', service: casServiceUrl() }, {
      onSuccess: (result) => {
        forgetTicket();
        onSignedIn(result);
      },
      onError: forgetTicket,
    });
  }, [thirdToken, casTicket, outside, onSignedIn, setSearchParams]);

  if (!offers?.oauthName && !offers?.casUrl && !outside.isPending && !outside.isError && !thirdError) return null;
  return (
    <Suspense fallback={null}>
      <Divider plain>{t('outside.or')}</Divider>
      {outside.isPending && <Spin tip={t('outside.signingIn')} style={{ display: 'block', marginBottom: 16 }} />}
      {outside.isError && <Alert type="error" showIcon title={errorMessage(outside.error)} style={{ marginBottom: 16 }} />}
      {thirdError && <Alert type="error" showIcon title={t(`outside.errors.${thirdError}`, { defaultValue: t('outside.errors.provider') })} style={{ marginBottom: 16 }} />}
      <Flex vertical gap={8}>
        {offers?.oauthName && (
          <Button block icon={<LoginOutlined />} href={oauthStartUrl}>
            {t('outside.with', { name: offers.oauthName })}
          </Button>
        )}
        {offers?.casUrl && (
          <Button block icon={<LoginOutlined />} href={`${offers.casUrl}/login?service=${encodeURIComponent(casServiceUrl())}`}>
            {t('outside.with', { name: 'CAS' })}
          </Button>
        )}
      </Flex>
    </Suspense>
  );
}
