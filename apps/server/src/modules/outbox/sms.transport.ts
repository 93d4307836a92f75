import type { OutboundHttp } from '../../lib/outbound-http.js';

/** One text message as it leaves through the SMS gateway. */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * Sends texts through the HTTP gateway of `SMS_GATEWAY_URL`: a JSON POST `{ to, text }`, with a
 * bearer token when one is configured. Any answer other than 2xx is a failure, kept with its status.
 */
export interface SmsTransport {
  send(message: SmsMessage): Promise<void>;
}

export function createSmsTransport(http: OutboundHttp, url: string, token: string | null): SmsTransport {
  return {
    async send(message) {
      const response = await http.fetch({
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: message.to, text: message.text }),
        // A gateway that does not answer must not hold the request that sends a code.
        timeoutMs: 10_000,
        redirect: 'follow',
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status} ${(await response.text()).slice(0, 200)}`.trim());
    },
  };
}
