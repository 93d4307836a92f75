import { lazy, Suspense } from 'react';
import { FeedbackApp } from '@/components/feedback-app';
import { PageLoading } from '@/components/page-loading';
import { LoginLayout } from '../layouts/login-layout';

const pages = {
  register: lazy(() => import('@/features/self-service/routes/register-page')),
  registerResult: lazy(() => import('@/features/self-service/routes/register-result-page')),
  findPassword: lazy(() => import('@/features/self-service/routes/find-password-page')),
  alteration: lazy(() => import('@/features/self-service/routes/alteration-page')),
};
export type SelfServicePage = keyof typeof pages;

/** Register, its result, find password and change of contact: public pages in the sign-in frame. */
export default function SelfServiceRoute({ page }: { page: SelfServicePage }) {
  const Page = pages[page];
  return (
    <FeedbackApp>
      <LoginLayout>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </LoginLayout>
    </FeedbackApp>
  );
}
