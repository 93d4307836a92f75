import {
  type Language,
  Permission,
  type ReportColumns,
  type ReportData,
  defaultLanguage,
  fillWordsIn,
  reportDataQuerySchema,
  reportMailParameterSchema,
  reportMailRowsMax,
  reportMailTexts,
} from '@cellsight/contract';
import { AppError } from '../../lib/errors.js';
import type { SessionRepository } from '../../access/session.repository.js';
import { type JobScheduler, parseParameter } from '../job/job-scheduler.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import type { ReportService } from './report.service.js';

interface Dependencies {
  jobs: JobScheduler;
  reports: ReportService;
  sessions: SessionRepository;
  tenants: TenantMembershipRepository;
  outbox: OutboxService;
}

/** A cell wider than this is cut, so a long remark does not push the table off the screen. */
const cellWidthMax = 40;

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const plain = (typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(/\s+/g, ' ');
  const characters = [...plain];
  return characters.length > cellWidthMax ? `${characters.slice(0, cellWidthMax - 1).join('')}…` : plain;
};

/**
 * The rows as a plain-text table: the shown columns' titles over their values (dictionary columns
 * as their texts, as the report page shows them), padded to line up in a fixed-width font.
 */
export const textTable = (columns: ReportColumns, records: ReportData['records']): string => {
  const textOf = (column: ReportColumns['columns'][number], value: unknown) => {
    // Times as the intro states them (UTC), without the wire format's T and milliseconds.
    if (typeof value === 'string' && (column.fieldType === 'Datetime' || column.fieldType === 'Date') && !Number.isNaN(Date.parse(value))) {
      const iso = new Date(value).toISOString();
      return column.fieldType === 'Date' ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
    }
    const options = columns.dictOptions[column.dataIndex];
    const option = options && value !== null && value !== undefined ? options.find((one) => one.value === String(value)) : undefined;
    return cellText(option ? option.text : value);
  };
  const rows = [columns.columns.map((column) => cellText(column.title)), ...records.map((record) => columns.columns.map((column) => textOf(column, record[column.dataIndex])))];
  const widths = columns.columns.map((_, index) => Math.max(...rows.map((row) => [...row[index]!].length)));
  const line = (row: string[]) => row.map((cell, index) => cell + ' '.repeat(widths[index]! - [...cell].length)).join('  ').trimEnd();
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
};

/**
 * The scheduled task `report.mail`: mails online reports as text tables. It runs as the user who
 * last saved the job, exactly as the report API runs for them (their tenants, the sandbox, the
 * declared columns), so a job cannot show its recipients more than its editor may see; no job is
 * seeded, an administrator adds one with its cron and parameter.
 */
export const registerReportMailTask = ({ jobs, reports, sessions, tenants, outbox }: Dependencies) => {
  jobs.registerTask('report.mail', {
    title: ['Mail online reports', '邮件发送Online报表', 'Online-Berichte per Mail senden'],
    parameterSchema: reportMailParameterSchema,
    async run(parameter, { fireTime, by }) {
      const entries = parseParameter(reportMailParameterSchema, parameter);
      const acting = by ? await sessions.actingAs(by, 'job') : null;
      if (!acting) throw new Error(`the job was last saved by ${by ?? 'nobody'}, who is not an active user: save it again as one who may run reports`);
      const { auth } = acting;
      if (!auth.permissions.has(Permission.ReportView)) throw new Error(`${auth.username}, who last saved the job, may not run online reports (${Permission.ReportView})`);
      const language: Language = acting.language ?? defaultLanguage;
      // The outbox keeps the mail under the editor's first tenant, where its administrators read it.
      const [tenant] = await tenants.activeForUser(auth.userId);
      if (!tenant) throw new Error(`${auth.username}, who last saved the job, belongs to no active tenant`);
      const time = `${fireTime.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      const sent: string[] = [];
      let undelivered = 0;
      for (const [index, entry] of entries.entries()) {
        const columns = await reports.columns(auth, entry.code, language).catch((error: unknown) => {
          throw error instanceof AppError && error.httpStatus === 404 ? new Error(`parameter[${index}].code: no report has the code ${entry.code}`) : error;
        });
        const data = await reports.data(auth, columns.cgRpConfigId, reportDataQuerySchema.parse({ pageNo: 1, pageSize: reportMailRowsMax }));
        const values = { name: columns.cgRpConfigName, code: entry.code, time, user: auth.realname || auth.username, total: String(data.total), shown: String(reportMailRowsMax) };
        const text = [
          fillWordsIn(reportMailTexts.intro, values, language),
          '',
          data.records.length > 0 ? textTable(columns, data.records) : fillWordsIn(reportMailTexts.empty, values, language),
          '',
          fillWordsIn(reportMailTexts.total, values, language),
          ...(data.total > data.records.length ? [fillWordsIn(reportMailTexts.cut, values, language)] : []),
        ].join('\n');
        const subject = fillWordsIn(reportMailTexts.subject, values, language);
        for (const to of entry.to) if ((await outbox.sendMail(tenant.id, { to, subject, text }, auth.username)).status === 'failed') undelivered++;
        sent.push(`${entry.code}: ${data.total} ${data.total === 1 ? 'row' : 'rows'} to ${entry.to.length} ${entry.to.length === 1 ? 'recipient' : 'recipients'}`);
      }
      // A mail server that refused some: the run fails, and the outbox says which and why.
      if (undelivered > 0) throw new Error(`${sent.join('; ')}; ${undelivered} of the mails could not be sent (see System → Outbox)`);
      return sent.join('; ');
    },
  });
};
