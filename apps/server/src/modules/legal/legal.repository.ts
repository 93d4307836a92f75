import type { Database } from '../../db/database.js';
import { legalTexts } from '../../db/schema.js';

export type LegalTextRow = typeof legalTexts.$inferSelect;

/** The stored public texts. */
export const createLegalRepository = (db: Database) => ({
  all: (): Promise<LegalTextRow[]> => db.select().from(legalTexts),

  async save(row: Omit<LegalTextRow, 'updateTime'> & { updateTime: Date }): Promise<void> {
    await db
      .insert(legalTexts)
      .values(row)
      .onConflictDoUpdate({ target: [legalTexts.kind, legalTexts.language], set: { content: row.content, updateBy: row.updateBy, updateTime: row.updateTime } });
  },
});

export type LegalRepository = ReturnType<typeof createLegalRepository>;
