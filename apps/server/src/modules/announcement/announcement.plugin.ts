import fp from 'fastify-plugin';

import { createAnnouncementRepository } from './announcement.repository.js';
import { type AnnouncementService, type SystemNotice, createAnnouncementService } from './announcement.service.js';
import { type DeviceNotices, createDeviceNotices } from './device-notices.js';

export type { SystemNotice } from './announcement.service.js';

/** What other modules may tell users through the bell. */
export interface Notices {
  /**
   * Stores a system message (the bell's second tab) for each of `userIds` and pushes
   * `announcement.changed` to them at once; returns its id, or null for no recipients.
   *
   *   await app.notices.system({ tenantId, userIds, title: Words, message: Words,
   *     openType?: 'url' | 'component', openPage?: '/console/path', busType?, busId?, priority?: 'L' | 'M' | 'H' })
   *
   * Title and message are plain text in en-US, zh-CN and de-DE (`fillWords` fills placeholders);
   * each reader sees their console's language. `openType: 'url'` gives the 'go handle' button to `openPage`.
   */
  system(notice: SystemNotice): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** System messages from the platform (a command failed, a fault opened, a ticket changed). */
    notices: Notices;
    /** Announcements and read marks: the routes' service. */
    announcements: AnnouncementService;
    /** The device plane's system messages: a failed command to its sender, an opened fault to its station's audience. */
    deviceNotices: DeviceNotices;
  }
}

export default fp(
  async (app) => {
    const announcements = createAnnouncementRepository(app.db);
    const service = createAnnouncementService({ announcements, tenants: app.tenantMemberships, dicts: app.dicts, realtime: app.realtime });
    app.decorate('announcements', service);
    const notices: Notices = { system: (notice: SystemNotice) => service.system(notice) };
    app.decorate('notices', notices);
    app.decorate('deviceNotices', createDeviceNotices({ notices, announcements, log: app.log }));
  },
  { name: 'notices', dependencies: ['database', 'realtime'] },
);
