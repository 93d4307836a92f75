import { Permission, ServerCode, ticketEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { TicketService } from './ticket.service.js';

const tags = ['tickets'];

/** Support tickets (worklist): the kit's list and one ticket within the ticket scope; filing, the thread, replies, moves and closing. */
const routes: FastifyPluginAsyncZod<{ service: TicketService }> = async (app, { service }) => {
  // List and queryById: the screen kit's calls, within the ticket scope (filing is its own call below).
  const { add: _add, ...kitCalls } = service;
  resourceRoutes(app, kitCalls, tags, { records: 'ticket' });

  endpointRoute(
    app,
    ticketEndpoints.add,
    {
      access: { permission: Permission.TicketAdd },
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'File a ticket on a station the caller sees (else 404 naming stationId) with files uploaded as biz=ticket (at most 9, together 20 MB); it starts pending; its handlers hear of it live and by mail. The result is the new id, the message its order number',
    },
    async (request) => {
      const { id, orderNo } = await service.add(requireAuth(request), request.body);
      request.operationNote = `Filed ticket ${orderNo} on station ${request.body.stationId}`;
      return ok(id, orderNo, ServerCode.ADDED);
    },
  );

  endpointRoute(
    app,
    ticketEndpoints.thread,
    {
      access: { permission: Permission.TicketList },
      tenancy: 'tenant', scope: { record: 'ticket', in: 'query.id' },
      tags,
      summary: 'A ticket’s thread (replies and moves, oldest first) and what the caller may do now; 404 outside the ticket scope',
    },
    async (request) => ok(await service.thread(requireAuth(request), request.query.id)),
  );

  endpointRoute(
    app,
    ticketEndpoints.reply,
    {
      access: { permission: Permission.TicketList },
      tenancy: 'tenant', scope: { record: 'ticket', in: 'body.ticketId' },
      tags,
      summary: 'Reply in an open ticket’s thread (with files uploaded as biz=ticket); the other side hears of it live and by mail. The result is the entry’s id',
    },
    async (request) => {
      const id = await service.reply(requireAuth(request), request.body);
      request.operationNote = `Replied to ticket ${request.body.ticketId}`;
      return ok(id, 'Replied', ServerCode.ADDED);
    },
  );

  endpointRoute(
    app,
    ticketEndpoints.transition,
    {
      access: { permission: Permission.TicketHandle },
      tenancy: 'tenant', scope: { record: 'ticket', in: 'body.id', destroys: true },
      tags,
      summary: 'Move a ticket on as its handler: accept (pending → processing), start (processing → in_progress), finish (in_progress → pending_review); 403 for its submitter, 400 naming action from another status. The result is the new status',
    },
    async (request) => {
      const status = await service.transition(requireAuth(request), request.body);
      request.operationNote = `Ticket ${request.body.id}: ${request.body.action} → ${status}`;
      return ok(status, 'Edited', ServerCode.EDITED);
    },
  );

  endpointRoute(
    app,
    ticketEndpoints.close,
    {
      access: { permission: Permission.TicketClose },
      tenancy: 'tenant', scope: { record: 'ticket', in: 'body.id', destroys: true },
      tags,
      summary: 'Close one’s own ticket with the rating (resolved, handling speed and service attitude 1–5), from any status but completed; 403 for anyone but its submitter',
    },
    async (request) => {
      await service.close(requireAuth(request), request.body);
      request.operationNote = `Closed ticket ${request.body.id} (resolved: ${request.body.resolved}, speed ${request.body.speedRating}, attitude ${request.body.attitudeRating})`;
      return ok(null, 'Closed', ServerCode.EDITED);
    },
  );
};

export default routes;
