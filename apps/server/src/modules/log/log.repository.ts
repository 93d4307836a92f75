import type { Database } from '../../db/database.js';
import { logs, visits } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export const LogType = { Login: 1, Operation: 2 } as const;
export const OperateType = { Query: 1, Add: 2, Edit: 3, Delete: 4, Import: 5, Export: 6 } as const;

export interface LogEntry {
  logType: number;
  logContent: string;
  operateType?: number | null;
  userid?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  requestUrl?: string | null;
  requestType?: string | null;
  costTime?: number | null;
}

/** Login, operation and visit logs (they back the log screens). */
export const createLogRepository = (db: Database) => ({
  async add(entry: LogEntry): Promise<void> {
    await db.insert(logs).values({ id: newId(), ...entry, logContent: entry.logContent.slice(0, 1000) });
  },
  async addVisit(visit: { userId: string; ip: string | null; userAgent: string | null }): Promise<void> {
    await db.insert(visits).values({ id: newId(), ...visit, userAgent: visit.userAgent?.slice(0, 255) ?? null });
  },
});

export type LogRepository = ReturnType<typeof createLogRepository>;
