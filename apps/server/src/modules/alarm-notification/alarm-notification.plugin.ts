import fp from 'fastify-plugin';
import { cronEverySeconds } from '../job/job-cron.js';
import { createAlarmNotificationRepository } from './alarm-notification.repository.js';
import { type AlarmNotificationService, createAlarmNotificationService } from './alarm-notification.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' alarm rules and the delivery run (`deliver(now)`), the scheduled job `alarm.delivery`. */
    alarmNotifications: AlarmNotificationService;
  }
}

/**
 * Alarm notifications by mail, delivered by the scheduled job `alarm.delivery` (each minute by
 * default); its claim rows also make several instances on one database send each notification once.
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

    // ALARM_DELIVERY_SECONDS, a minute by default: delays and escalations are whole minutes, so a
    // minute late at most. The scheduler skips a firing while the last run (a slow mail server) goes on.
    app.jobs.registerTask('alarm.delivery', {
      title: ['Deliver alarm notifications', '发送告警通知', 'Alarmbenachrichtigungen zustellen'],
      async run() {
        const report = await service.deliver();
        return `${report.alarms} alarms, ${report.escalations} escalations, ${report.mails} mails`;
      },
      job: { cronExpression: cronEverySeconds(app.config.alarmDeliveryMs / 1000), description: 'Mails users the alarms their notification rules ask for (every ALARM_DELIVERY_SECONDS at first start)' },
    });
  },
  { name: 'alarm-notifications', dependencies: ['database', 'outbox', 'notices', 'jobs'] },
);
