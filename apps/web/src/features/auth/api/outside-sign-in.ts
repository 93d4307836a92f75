import type { CasValidateRequest, LoginResult } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// On the sign-in page's path, which loads no schema (docs/performance.md): the path is written here, the type is the contract's.

/** Where the browser starts an OAuth2 / OIDC sign-in (the server redirects it to the provider). */
export const oauthStartUrl = '/boot/sys/thirdLogin/render/oauth';

/** The address CAS sends the browser back to with its ticket: this page, marked as a CAS return. */
export const casServiceUrl = (origin: string = window.location.origin): string => `${origin}/user/login?cas=1`;

/** What an outside sign-in brings back: the OAuth ticket, or the CAS ticket; either becomes a session. */
export const useOutsideSignIn = () =>
  useMutation({
    mutationFn: async (returned: { thirdToken: string } | CasValidateRequest): Promise<LoginResult> =>
      'thirdToken' in returned
        ? (await api.get<LoginResult>(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(returned.thirdToken)}/oauth`)).result
        : (await api.post<LoginResult>('/sys/cas/client/validateLogin', returned)).result,
  });
