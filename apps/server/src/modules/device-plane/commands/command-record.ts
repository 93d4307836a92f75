import type { CommandRecord } from '@cellsight/contract';
import type { commands } from '../../../db/schema.js';

/** A stored command, and the record the console and the dashboard show of it. */
export type CommandRow = typeof commands.$inferSelect;

export const toCommandRecord = (row: CommandRow): CommandRecord => ({
  id: row.id,
  gsn: row.loggerGsn,
  batterySn: row.batterySn,
  op: row.op as CommandRecord['op'],
  val: row.val,
  status: row.status as CommandRecord['status'],
  code: row.code,
  message: row.message,
  progress: row.progress,
  upgradeState: (row.upgradeState as CommandRecord['upgradeState']) ?? null,
  createBy: row.createBy,
  createTime: row.createTime.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  late: row.lateAck,
});
