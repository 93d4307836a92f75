import { expect, type Page } from '@playwright/test';
import type { ServerEventName } from '@cellsight/contract';

/**
 * Records the live events the console's socket receives on this page from now on (attach it before
 * the page signs in: only sockets opened afterwards are seen). A test waits for the push itself
 * instead of racing it against the poll on the clock, which a busy machine would lose.
 */
export function watchLiveEvents(page: Page): {
  /** Resolves once the event has arrived since watching began. */
  received: (event: ServerEventName) => Promise<void>;
  /** Marks now; the returned function resolves once the event has arrived after the mark. */
  mark: () => (event: ServerEventName) => Promise<void>;
} {
  const events: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload)) as { event?: unknown };
        if (typeof message.event === 'string') events.push(message.event);
      } catch {
        // A heartbeat answer, not an event.
      }
    });
  });
  const arrivedSince = (start: number) => async (event: ServerEventName) => {
    await expect.poll(() => events.slice(start).includes(event), { message: `the live event ${event} reaches the page` }).toBe(true);
  };
  return { received: arrivedSince(0), mark: () => arrivedSince(events.length) };
}
