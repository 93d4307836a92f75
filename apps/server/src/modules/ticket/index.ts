import { ticketOrderNumberRule } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { adminRoom, userRoom } from '../../access/station-scope.js';
import { ticketOrderNumberDefinition } from '../fill-rule/fill-rule.seed.js';
import { createTicketRepository, ticketScope } from './ticket.repository.js';
import { createTicketService } from './ticket.service.js';
import routes from './ticket.routes.js';

/** The ticket module's one door: support tickets (the worklist). Its routes are under /boot. */
export default fp(
  async (app) => {
    const tickets = createTicketRepository(app.db);
    // A ticket's and its replies' attachments are read by whoever sees the ticket.
    app.uploads.readTicketAttachments((auth, path) => tickets.holdsVisibleAttachment(path, ticketScope(auth)));
    const service = createTicketService({
      tickets,
      files: app.uploads,
      dicts: app.dicts,
      platformName: app.config.platformName,
      publicUrl: app.config.publicUrl,
      mail: (message) => app.outbox.sendMail(message.tenantId, { to: message.to, subject: message.subject, text: message.text }, message.createBy),
      // One message per connection: the ticket's parties and the tenant's administrators.
      live: (tenantId, userIds, data) => {
        const rooms = [adminRoom(tenantId), ...userIds.map(userRoom)];
        app.realtime.toRooms(rooms, 'ticket.changed', data);
      },
      notify: (notice) => app.notices.system(notice),
      warn: (error, what) => app.log.warn({ err: error }, `could not send ${what}`),
      orderNumber: () => app.fillRules.execute(ticketOrderNumberRule, {}, null, ticketOrderNumberDefinition),
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-ticket', dependencies: ['module-announcement', 'module-dict', 'module-file', 'module-fill-rule', 'module-outbox'] },
);
