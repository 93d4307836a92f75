import fp from 'fastify-plugin';
import alarmNotificationPlugin from './alarm-notification.plugin.js';
import routes from './alarm-notification.routes.js';

/** The alarm-notification module's one door: users' alarm rules and their mail delivery (app.alarmNotifications). Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(alarmNotificationPlugin);
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-alarm-notification', dependencies: ['module-announcement', 'module-dict', 'module-job', 'module-outbox'] },
);
