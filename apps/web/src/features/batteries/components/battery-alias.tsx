import { batteryAliasSchema } from '@cellsight/contract';
import { useTranslation } from 'react-i18next';
import { AliasEditor } from '@/components/alias-editor';
import { useEditBatteryAlias } from '../api/edit-battery-alias';

// An empty alias is no alias: the form sends null for it.
const aliasRule = batteryAliasSchema.shape.alias.optional();

/** A battery's alias, edited in place where the user may. */
export function BatteryAlias({ batterySn, alias, editable }: { batterySn: string; alias: string | null; editable: boolean }) {
  const { t } = useTranslation('batteries');
  const edit = useEditBatteryAlias();
  const texts = { edit: t('alias.edit'), input: t('alias.input'), save: t('alias.save'), cancel: t('alias.cancel'), saved: t('alias.saved'), cleared: t('alias.cleared') };
  return <AliasEditor name={`battery-alias-${batterySn}`} alias={alias} editable={editable} rule={aliasRule} save={(next) => edit.mutateAsync({ batterySn, alias: next })} texts={texts} />;
}
