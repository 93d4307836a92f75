import { type MemberRecord, memberMoveRequestSchema } from '@cellsight/contract';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useMoveMember } from '../api/members';
import { MemberSuperiorSelect } from './member-selects';

interface MoveMemberModalProps {
  member: MemberRecord;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/** Puts a member under another installer or distributor; the former one no longer sees it nor its stations. */
export function MoveMemberModal({ member, open, onClose, afterClose }: MoveMemberModalProps) {
  const { t } = useTranslation('members');
  const [form] = Form.useForm<{ superiorId: string }>();
  const feedback = useServerFeedback();
  const move = useMoveMember();

  const submit = async ({ superiorId }: { superiorId: string }) => {
    try {
      feedback.success(await move.mutateAsync({ id: member.id, superiorId }), t('move.moved'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['superiorId'])) feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('move.title', { name: member.realname })}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('move.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'move-member', loading: move.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('move.hint', { superior: member.superiorName ?? t('move.nobody') })}</Typography.Paragraph>
      <Form form={form} name="move-member" layout="vertical" onFinish={submit} disabled={move.isPending}>
        <Form.Item name="superiorId" label={t('move.target')} rules={[contractRule(memberMoveRequestSchema.shape.superiorId, t, 'superiorId')]} required>
          <MemberSuperiorSelect accountType={member.accountType} exclude={member.superiorId ?? undefined} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
