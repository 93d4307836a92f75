import { PlusOutlined } from '@ant-design/icons';
import { limits } from '@cellsight/contract';
import { App, Button, Flex, Modal, Radio, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionRow } from './condition-row';
import { isComplete, newRow, readValue, rowsFromConditions, toConditions, toValue } from './conditions';
import { SaveQueryModal } from './save-query-modal';
import { SavedQueryList } from './saved-query-list';
import { useSavedQueries } from './saved-queries';
import type { AdvancedQueryField, AdvancedQueryValue, ConditionRow as Row, MatchType, SavedQuery } from './types';

export interface AdvancedQueryModalProps {
  open: boolean;
  fields: AdvancedQueryField[];
  storageKey: string;
  /** The query in force: the rows start from it (the dialog mounts afresh on each opening). */
  value: AdvancedQueryValue | null;
  onChange: (value: AdvancedQueryValue | null) => void;
  onClose: () => void;
}

/** At least one row, so there is always a condition to fill in. */
const orEmptyRow = (rows: Row[]): Row[] => (rows.length > 0 ? rows : [newRow()]);

/**
 * The advanced query builder (spec section 5): conditions matched all or any, run on Query, and
 * saved per screen under a name.
 */
export function AdvancedQueryModal({ open, fields, storageKey, value, onChange, onClose }: AdvancedQueryModalProps) {
  const { t } = useTranslation('query');
  const { t: common } = useTranslation('common');
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const saved = useSavedQueries(storageKey);
  const [initial] = useState(() => readValue(value, fields));
  const [rows, setRows] = useState(() => orEmptyRow(initial.rows));
  const [matchType, setMatchType] = useState<MatchType>(initial.matchType);
  const [saving, setSaving] = useState(false);
  const incomplete = rows.some((row) => !isComplete(row));

  const update = (next: Row) => setRows((current) => current.map((row) => (row.id === next.id ? next : row)));
  const remove = (id: number) => setRows((current) => orEmptyRow(current.filter((row) => row.id !== id)));

  const run = (query: Row[], match: MatchType) => {
    onChange(toValue(query, match, fields));
    onClose();
  };

  const submit = () => {
    if (incomplete) void message.warning(t('emptyQuery'));
    else run(rows, matchType);
  };

  const reset = () => {
    setRows([newRow()]);
    setMatchType('and');
    onChange(null);
  };

  const startSaving = () => {
    if (incomplete) void message.warning(t('emptySave'));
    else setSaving(true);
  };

  const store = (title: string) => {
    saved.save({ title, matchType, records: toConditions(rows, fields) });
    setSaving(false);
    void message.success(t('saved.done'));
  };

  const save = (title: string) => {
    if (saved.has(title)) modal.confirm({ title: t('overwrite', { name: title }), okText: common('ok'), cancelText: common('cancel'), onOk: () => store(title) });
    else store(title);
  };

  const load = (query: SavedQuery) => {
    const loaded = rowsFromConditions(query.records, fields);
    setRows(orEmptyRow(loaded));
    setMatchType(query.matchType);
    // A saved query whose fields this screen no longer offers only fills the rows it can.
    if (loaded.length > 0) run(loaded, query.matchType);
  };

  const confirmDelete = (query: SavedQuery) => {
    modal.confirm({ title: t('saved.deleteConfirm'), okText: common('ok'), cancelText: common('cancel'), okButtonProps: { danger: true }, onOk: () => saved.remove(query.title) });
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      width={limits.modalWidths.advancedQuery}
      onCancel={onClose}
      footer={[
        <Button key="reset" onClick={reset}>
          {common('reset')}
        </Button>,
        <Button key="save" onClick={startSaving}>
          {t('save')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {common('close')}
        </Button>,
        <Button key="query" type="primary" onClick={submit}>
          {t('query')}
        </Button>,
      ]}
    >
      <Flex gap={16} align="stretch">
        <div style={{ width: 200, flex: 'none', paddingInlineEnd: 16, borderInlineEnd: `1px solid ${token.colorSplit}` }}>
          <SavedQueryList queries={saved.queries} onSelect={load} onDelete={confirmDelete} />
        </div>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text>{t('matchType')}</Typography.Text>
            <Radio.Group
              aria-label={t('matchType')}
              optionType="button"
              options={[
                { value: 'and', label: t('match.and') },
                { value: 'or', label: t('match.or') },
              ]}
              value={matchType}
              onChange={(event) => setMatchType(event.target.value as MatchType)}
            />
          </Flex>
          {rows.map((row, index) => (
            <ConditionRow key={row.id} row={row} position={index + 1} fields={fields} onChange={update} onRemove={rows.length > 1 ? () => remove(row.id) : undefined} />
          ))}
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => setRows((current) => [...current, newRow()])} style={{ alignSelf: 'flex-start' }}>
            {t('addCondition')}
          </Button>
        </Flex>
      </Flex>
      <SaveQueryModal open={saving} onCancel={() => setSaving(false)} onSave={save} />
    </Modal>
  );
}
