import fp from 'fastify-plugin';
import { createAlarmNotificationRepository } from './alarm-notification.repository.js';
import { type AlarmNotificationService, createAlarmNotificationService } from './alarm-notification.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' alarm rules and the delivery run (`deliver(now)`), which this plugin schedules every minute. */
    alarmNotifications: AlarmNotificationService;
  }
}

/**
 * Alarm notifications by mail. Every instance runs delivery each minute, like the device plane's
 * sweeps; the claim rows make several instances on one database send each notification once.
 */
export default fp(
  async (app) => {
    const service = createAlarmNotificationService({
      repository: createAlarmNotificationRepository(app.db),
      outbox: app.outbox,
      notices: app.notices,
      dicts: app.dicts,
      platformName: app.config.platformName,
      log: app.log,
    });
    app.decorate('alarmNotifications', service);

    let running = false;
    const run = () => {
      // A slow run (a mail server taking its time) is not overlapped by the next one.
      if (running) return;
      running = true;
      void service
        .deliver()
        .catch((error: unknown) => app.log.warn({ err: error }, 'alarm notification delivery failed'))
        .finally(() => {
          running = false;
        });
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      // ALARM_DELIVERY_SECONDS, a minute by default: delays and escalations are whole minutes, so a minute late at most.
      timer = setInterval(run, app.config.alarmDeliveryMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'alarm-notifications', dependencies: ['database', 'outbox', 'notices'] },
);
