import { type EventAcknowledgeResult, type eventAcknowledgeSchema, eventResource } from '@cellsight/contract';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import { type EventRepository, eventScope } from './event.repository.js';

export interface EventServiceDeps {
  events: EventRepository;
  dicts: DictService;
  /** Events were acknowledged: the consoles that see their loggers refresh. */
  acknowledged(events: { id: string; loggerGsn: string }[]): void;
  now?: () => Date;
}

export const createEventService = (deps: EventServiceDeps) => {
  const kit = createResourceService({ resource: eventResource, ...deps.events.screen, dicts: deps.dicts });

  return {
    ...kit,

    /**
     * Acknowledges events in the caller's scope, all or none: one id outside it (or unknown) answers
     * 404 and nothing is written. An event acknowledged before keeps its first acknowledgement.
     * Returns the counts and the operation log's words.
     */
    async acknowledge(auth: AuthContext, request: z.output<typeof eventAcknowledgeSchema>): Promise<EventAcknowledgeResult & { note: string }> {
      const ids = [...new Set(request.ids)];
      const comment = request.comment?.trim() || null;
      const done = await deps.events.acknowledge(ids, eventScope(auth), { userId: auth.userId, comment, at: (deps.now ?? (() => new Date()))() });
      if (!done) throw notFound('Event', 'ids');
      if (done.length > 0) deps.acknowledged(done);
      const listed = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
      return {
        acknowledged: done.length,
        alreadyAcknowledged: ids.length - done.length,
        note: `Acknowledged ${done.length} of ${ids.length} events (${listed})${comment ? `: ${comment.slice(0, 100)}` : ''}`,
      };
    },
  };
};
export type EventService = ReturnType<typeof createEventService>;
