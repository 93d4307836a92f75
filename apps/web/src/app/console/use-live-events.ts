import { resourcePaths, stationResource } from '@cellsight/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
// The query keys straight from their modules: the folders' index modules would bring the screens'
// components (resource page, date pickers, command forms) into the console's first chunk.
import { announcementKeys } from '@/components/announcement-detail/announcement-api';
import { commandKeys } from '@/components/device-commands/command-keys';
import { resourceKeys } from '@/kit/resource-page/resource-api';
import { loggerKeys } from '@/features/loggers/api/logger-keys';
import { userKeys } from '@/features/users/api/user-keys';
import { notifyUnauthorized } from '@/lib/api-client';
import { connectLiveEvents, publishLiveEvent } from '@/lib/live-events';
import { session } from '@/lib/session';

/** New readings refresh the battery screens at most this often (a busy fleet reports every second). */
export const readingsRefreshMs = 5_000;

/**
 * Calls `run` at once, then at most once per `everyMs`: calls in between are gathered into one at
 * the end of the wait, so the last change is never lost.
 */
export function throttle(run: () => void, everyMs: number): { call: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    run();
  };
  return {
    call: () => {
      if (timer) return;
      const wait = last + everyMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Turns server events into what the user sees: an ended session signs out, a changed record
 * refreshes the screens that show it (events are invalidation signals, not data).
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = session.token;
    if (!token) return;
    const refreshReadings = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all({ path: resourcePaths.battery }) });
      void queryClient.invalidateQueries({ queryKey: loggerKeys.all });
    }, readingsRefreshMs);
    const disconnect = connectLiveEvents(token, (message) => {
      publishLiveEvent(message);
      switch (message.event) {
        case 'session.revoked':
          notifyUnauthorized();
          break;
        case 'user.changed':
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
          // Members moved or deleted below this account: the Members screen follows.
          void queryClient.invalidateQueries({ queryKey: resourceKeys.all({ path: resourcePaths.member }) });
          break;
        case 'permissions.changed':
          // The menu and buttons follow a changed role at once, without a new sign-in.
          void queryClient.invalidateQueries({ queryKey: ['user-permissions'] });
          // An open Menus screen or Authorise drawer shows the changed tree too.
          void queryClient.invalidateQueries({ queryKey: ['/sys/permission'] });
          void queryClient.invalidateQueries({ queryKey: ['/sys/role'] });
          break;
        case 'announcement.changed':
          // Published, revoked, a system message, or read in another tab: the bell and lists read again at once.
          void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
          break;
        case 'dictionaries.changed':
          void queryClient.invalidateQueries({ queryKey: ['dictionaries'] });
          break;
        case 'event.acknowledged':
          void queryClient.invalidateQueries({ queryKey: resourceKeys.all({ path: resourcePaths.event }) });
          break;
        case 'logger.state':
        case 'battery.added':
        case 'device.event':
        case 'station.changed':
          // A new or ended event: the events screen lists it (and the stations' status follows it, below).
          if (message.event === 'device.event') void queryClient.invalidateQueries({ queryKey: resourceKeys.all({ path: resourcePaths.event }) });
          // Online state, battery status and counts may all have moved, and with them the stations'
          // status and figures (every station screen lives under the station resource's key).
          void queryClient.invalidateQueries({ queryKey: loggerKeys.all });
          void queryClient.invalidateQueries({ queryKey: resourceKeys.all(stationResource) });
          // The battery list and detail show status and station too.
          void queryClient.invalidateQueries({ queryKey: resourceKeys.all({ path: resourcePaths.battery }) });
          break;
        case 'battery.reading':
          // Stored readings: the battery list and pages (and the loggers' last contact) read again.
          refreshReadings.call();
          break;
        case 'command.updated':
          // A remote command moved on: its progress on the battery detail reads it again.
          void queryClient.invalidateQueries({ queryKey: commandKeys.all });
          break;
        default:
          break;
      }
    });
    return () => {
      refreshReadings.cancel();
      disconnect();
    };
  }, [queryClient]);
}
