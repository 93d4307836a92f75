import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '@/lib/session';
import { useWorkplaces } from '../api/workplaces';
import { DepartSelectModal } from './depart-select-modal';

/**
 * The user menu's "switch department": the sign-in choice again, starting from the current one. A
 * new tenant reloads the console, since every list and count belongs to the tenant.
 */
export function SwitchWorkplaceModal({ onClose, reload = () => window.location.reload() }: { onClose: () => void; reload?: () => void }) {
  const { t } = useTranslation('login');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const workplaces = useWorkplaces();
  if (!workplaces.data) return null;
  const tenantBefore = session.tenantId;
  return (
    <DepartSelectModal
      choices={{
        username: session.userInfo?.username ?? '',
        departs: workplaces.data.list,
        tenantList: workplaces.data.tenantList,
        orgCode: workplaces.data.orgCode,
        tenantId: Number(session.tenantId) || undefined,
      }}
      onCancel={onClose}
      onDone={() => {
        if (session.tenantId !== tenantBefore) {
          reload();
          return;
        }
        void queryClient.invalidateQueries({ queryKey: ['auth', 'workplaces'] });
        void message.success(t('choose.switched'));
        onClose();
      }}
    />
  );
}
