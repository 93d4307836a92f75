import fp from 'fastify-plugin';
import announcementPlugin from './announcement.plugin.js';
import routes from './announcement.routes.js';

/** The announcement module's one door: announcements and the platform's own notices (app.announcements, app.notices). Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(announcementPlugin);
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-announcement', dependencies: ['module-dict'] },
);
