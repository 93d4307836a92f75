import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/** Named outbound HTTP integrations (System → Gateway routes); `headers` is a JSON object kept as text. */
export const gatewayRoutes = pgTable(
  'sys_gateway_route',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    headers: text('headers'),
    timeoutMs: integer('timeout_ms').notNull(),
    status: varchar('status', { length: 1 }).notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('sys_gateway_route_code_key').on(t.code), uniqueIndex('sys_gateway_route_name_key').on(t.name)],
);
