import type { OutboundHttp } from '../../lib/outbound-http.js';

/** Checks a CAS service ticket with the CAS server (protocol 3, JSON answer; the platform's outbound client) and says whose it is. */
export interface CasTransport {
  /** The user name the ticket was issued to, or null when the server refuses it. */
  validate(ticket: string, service: string): Promise<string | null>;
}

export function createCasTransport(http: OutboundHttp, casUrl: string): CasTransport {
  return {
    async validate(ticket, service) {
      const url = new URL(`${casUrl}/p3/serviceValidate`);
      url.search = new URLSearchParams({ ticket, service, format: 'JSON' }).toString();
      const response = await http.fetch({ url, headers: { accept: 'application/json' }, timeoutMs: 10_000, redirect: 'follow' });
      if (!response.ok) throw new Error(`CAS server answered ${response.status}`);
      const body = (await response.json()) as { serviceResponse?: { authenticationSuccess?: { user?: unknown }; authenticationFailure?: unknown } };
      const user = body.serviceResponse?.authenticationSuccess?.user;
      return typeof user === 'string' && user !== '' ? user : null;
    },
  };
}
