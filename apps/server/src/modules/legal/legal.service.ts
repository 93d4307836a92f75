import { type Language, type LegalKind, type LegalText, type LegalTextEdit, legalDefaultText, legalKinds, languages } from '@cellsight/contract';
import type { AuthContext } from '../../plugins/auth.plugin.js';
import type { LegalRepository, LegalTextRow } from './legal.repository.js';

/** The privacy policy and terms of use: the administrators' text where they wrote one, else the platform's. */
export const createLegalService = (repository: LegalRepository, now: () => Date = () => new Date()) => {
  const shown = (kind: LegalKind, language: Language, rows: LegalTextRow[]): LegalText => {
    const row = rows.find((candidate) => candidate.kind === kind && candidate.language === language);
    return row
      ? { kind, language, content: row.content, updateBy: row.updateBy, updateTime: row.updateTime.toISOString() }
      : { kind, language, content: legalDefaultText(kind, language), updateBy: null, updateTime: null };
  };
  return {
    async one(kind: LegalKind, language: Language): Promise<LegalText> {
      return shown(kind, language, await repository.all());
    },

    /** Every kind in every language, for the administrators' editor. */
    async all(): Promise<LegalText[]> {
      const rows = await repository.all();
      return legalKinds.flatMap((kind) => languages.map((language) => shown(kind, language, rows)));
    },

    async edit(auth: AuthContext, edit: LegalTextEdit): Promise<void> {
      await repository.save({ kind: edit.kind, language: edit.language, content: edit.content, updateBy: auth.username, updateTime: now() });
    },
  };
};
