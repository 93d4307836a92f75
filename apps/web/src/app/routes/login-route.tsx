import LoginPage from '@/features/auth/routes/login-page';
import { LoginLayout } from '../layouts/login-layout';

/** /user/login: the sign-in page in its layout (one lazily loaded chunk). */
export default function LoginRoute() {
  return (
    <LoginLayout>
      <LoginPage />
    </LoginLayout>
  );
}
