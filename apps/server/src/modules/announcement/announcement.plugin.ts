import fp from 'fastify-plugin';

import { createAnnouncementRepository } from './announcement.repository.js';
import { type AnnouncementService, type SystemNotice, createAnnouncementService } from './announcement.service.js';

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
  }
}

export default fp(
  async (app) => {
    const service = createAnnouncementService({ announcements: createAnnouncementRepository(app.db), tenants: app.tenantMemberships, dicts: app.dicts, realtime: app.realtime });
    app.decorate('announcements', service);
    app.decorate('notices', { system: (notice: SystemNotice) => service.system(notice) });
  },
  { name: 'notices', dependencies: ['database', 'realtime'] },
);
