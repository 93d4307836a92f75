import { z } from 'zod';
import { loginResultSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { text } from './text.js';
import { patterns } from './validation.js';

/**
 * Sign-in through an outside provider (spec sections 4 and 7): OAuth2 / OpenID Connect, and CAS.
 * Both are off unless configured; the public config says which the sign-in page offers (`thirdLoginOffersSchema`, auth.ts).
 */
export const thirdLoginTypes = ['oauth'] as const;
export type ThirdLoginType = (typeof thirdLoginTypes)[number];

/** `GET /sys/thirdLogin/getLoginUser/{token}/{thirdType}`: the one-time ticket the provider's callback left. */
export const thirdLoginTicketParamsSchema = z.object({
  token: text().regex(/^[A-Za-z0-9]{32}\.[A-Za-z0-9_-]{43}$/, 'is not a sign-in ticket'),
  thirdType: z.enum(thirdLoginTypes, { error: `must be one of ${thirdLoginTypes.join(', ')}` }),
});

/** `POST /sys/cas/client/validateLogin`: the CAS service ticket and the address it was issued for. */
export const casValidateRequestSchema = z
  .object({
    ticket: text({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(512, 'is too long')
      .regex(/^[\x21-\x7e]+$/, 'is not a CAS ticket'),
    service: text({ error: 'is required' }).trim().max(1000, 'is too long').regex(patterns.url, 'must be an http(s) address'),
  })
  .strict();
export type CasValidateRequest = z.infer<typeof casValidateRequestSchema>;

/** Where the console shows an outside sign-in's refusal: `/user/login?thirdError=<reason>`. */
export const thirdLoginErrors = ['state', 'provider', 'account', 'closed'] as const;
export type ThirdLoginError = (typeof thirdLoginErrors)[number];

/**
 * The outside sign-in calls that answer as `/sys/login` does. The OAuth round trip's own two
 * (`/sys/thirdLogin/render/oauth` and `/sys/thirdLogin/oauth/callback`) are browser redirects, not calls.
 */
export const thirdLoginEndpoints = {
  /** Trade the one-time ticket of an outside sign-in for a session; 4020 when it is used or older than a minute. */
  ticketLogin: defineEndpoint({ method: 'GET', path: '/sys/thirdLogin/getLoginUser/:token/:thirdType', params: thirdLoginTicketParamsSchema, result: loginResultSchema }),
  /** Sign in with a CAS service ticket. */
  casLogin: defineEndpoint({ method: 'POST', path: '/sys/cas/client/validateLogin', body: casValidateRequestSchema, result: loginResultSchema }),
};
