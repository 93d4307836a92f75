import type { OutboundHttp } from '../../lib/outbound-http.js';

/** Who the OAuth2 / OIDC provider says signed in. */
export interface OAuthIdentity {
  /** The provider's stable id of the person (`sub`, else `id`). */
  subject: string;
  /** A user-name suggestion (`preferred_username`, else the e-mail's local part). */
  preferredUsername: string | null;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
}

export interface OAuthSettings {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** The provider's side of the authorization-code flow: where to send the browser, and what its code says. */
export interface OAuthTransport {
  authorizeUrl(redirectUri: string, state: string): string;
  identify(code: string, redirectUri: string): Promise<OAuthIdentity>;
}

/** How long the provider may take to answer each of the two calls. */
const timeoutMs = 10_000;

/** The provider's endpoints through the platform's outbound client (its destination policy, on every redirect too). */
export function createOAuthTransport(http: OutboundHttp, settings: OAuthSettings): OAuthTransport {
  return {
    authorizeUrl(redirectUri, state) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: redirectUri, scope: settings.scope, state }).toString();
      return url.toString();
    },

    async identify(code, redirectUri) {
      const tokenResponse = await http.fetch({
        url: settings.tokenUrl,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: settings.clientId, client_secret: settings.clientSecret }).toString(),
        timeoutMs,
        redirect: 'follow',
      });
      if (!tokenResponse.ok) throw new Error(`token endpoint answered ${tokenResponse.status}`);
      const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: unknown };
      if (typeof accessToken !== 'string' || accessToken === '') throw new Error('token endpoint gave no access_token');
      const infoResponse = await http.fetch({ url: settings.userinfoUrl, headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, timeoutMs, redirect: 'follow' });
      if (!infoResponse.ok) throw new Error(`user-info endpoint answered ${infoResponse.status}`);
      const info = (await infoResponse.json()) as Record<string, unknown>;
      const subject = info.sub ?? info.id;
      if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '') throw new Error('user-info has no subject');
      const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
      const email = text(info.email);
      return {
        subject: String(subject).slice(0, 255),
        preferredUsername: text(info.preferred_username) ?? text(info.login) ?? (email ? email.split('@')[0]! : null),
        name: text(info.name),
        email,
        emailVerified: info.email_verified === true,
      };
    },
  };
}
