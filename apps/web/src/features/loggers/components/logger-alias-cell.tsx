import { loggerAliasSchema } from '@cellsight/contract';
import { useTranslation } from 'react-i18next';
import { AliasEditor } from '@/components/alias-editor';
import { useEditLoggerAlias } from '../api/edit-logger-alias';

// An empty alias is no alias: the form sends null for it.
const aliasRule = loggerAliasSchema.shape.alias.optional();

interface LoggerAliasCellProps {
  gsn: string;
  alias: string | null;
  /** Whether the pencil is offered (the permission, never the demo account). */
  editable: boolean;
}

/** A logger's alias in its row, edited in place. */
export function LoggerAliasCell({ gsn, alias, editable }: LoggerAliasCellProps) {
  const { t } = useTranslation('loggers');
  const edit = useEditLoggerAlias();
  const texts = {
    edit: t('alias.edit', { gsn }),
    input: t('alias.input', { gsn }),
    placeholder: t('alias.placeholder'),
    save: t('alias.save', { gsn }),
    cancel: t('alias.cancel', { gsn }),
    saved: t('alias.saved', { gsn }),
    cleared: t('alias.cleared', { gsn }),
  };
  return <AliasEditor name={`logger-alias-${gsn}`} alias={alias} editable={editable} rule={aliasRule} save={(next) => edit.mutateAsync({ gsn, alias: next })} texts={texts} />;
}
