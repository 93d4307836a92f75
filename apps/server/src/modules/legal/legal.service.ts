import { ServerCode, type Language, type LegalKind, type LegalText, type LegalTextEdit, legalDefaultText, legalKinds, languages } from '@cellsight/contract';
import { badRequest } from '../../lib/errors.js';
import { sanitizeRichText, textToHtml } from '../../lib/rich-text-html.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { LegalRepository, LegalTextRow } from './legal.repository.js';

/** The privacy policy and terms of use: the administrators' text where they wrote one, else the platform's. */
export const createLegalService = (repository: LegalRepository, now: () => Date = () => new Date()) => {
  const shown = (kind: LegalKind, language: Language, rows: LegalTextRow[]): LegalText => {
    const row = rows.find((candidate) => candidate.kind === kind && candidate.language === language);
    return row
      ? { kind, language, content: row.content, updateBy: row.updateBy, updateTime: row.updateTime.toISOString() }
      : { kind, language, content: textToHtml(legalDefaultText(kind, language)), updateBy: null, updateTime: null };
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

    /** Stores the text as the rich-text allow-list keeps it: every visitor's browser shows it as HTML. */
    async edit(auth: AuthContext, edit: LegalTextEdit): Promise<void> {
      // Plain text (an API caller's, or a text from before the rich editor) becomes one paragraph a line.
      const content = sanitizeRichText(/^\s*</.test(edit.content) ? edit.content : textToHtml(edit.content));
      if (content === '') throw badRequest(ServerCode.INCORRECT_PARAMETER, 'content: is required', [{ field: 'content', message: 'is required' }]);
      await repository.save({ kind: edit.kind, language: edit.language, content, updateBy: auth.username, updateTime: now() });
    },
  };
};

export type LegalService = ReturnType<typeof createLegalService>;
