import fp from 'fastify-plugin';
import { createDestinationPolicy } from '../../lib/destination-policy.js';
import { outboundHttpOf } from '../../lib/outbound-http.js';

import { createOutboxRepository } from './outbox.repository.js';
import { type OutboxService, createOutboxService } from './outbox.service.js';
import { createSmsTransport } from './sms.transport.js';
import { createSmtpTransport } from './smtp.transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every message the platform sends (mail, SMS) goes through here and is kept in the outbox. */
    outbox: OutboxService;
  }
}

/** Wires mail (SMTP_URL) and SMS (SMS_GATEWAY_URL) once, for every module that tells people something. */
export default fp(
  async (app) => {
    // Both through the destination policy (OUTBOUND_ALLOW): a mail relay or gateway on this machine or a private network must be listed there.
    const smtp = app.config.smtp.url ? createSmtpTransport(app.config.smtp.url, app.config.smtp.from, createDestinationPolicy(app.config.outboundAllow)) : null;
    const sms = app.config.sms.gatewayUrl ? createSmsTransport(outboundHttpOf(app.config), app.config.sms.gatewayUrl, app.config.sms.token) : null;
    app.addHook('onClose', async () => smtp?.close());
    const service = createOutboxService({ outbox: createOutboxRepository(app.db), tenants: app.tenantMemberships, dicts: app.dicts, smtp, sms, platformName: app.config.platformName });
    app.decorate('outbox', service);
    // A mail server that was down, or configured after messages were kept: what did not leave is sent again.
    app.jobs.registerTask('outbox.resend', {
      title: ['Send unsent messages again', '重发未发送的消息', 'Nicht gesendete Nachrichten erneut senden'],
      async run() {
        const { sent, failed } = await service.resendUnsent();
        return `${sent} sent, ${failed} failed`;
      },
      job: { cronExpression: '0 0/5 * * * ?', description: 'Sends outbox messages of the last day that failed or were kept, when mail or SMS is configured' },
    });
  },
  { name: 'outbox', dependencies: ['jobs'] },
);
