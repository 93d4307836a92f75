import { Permission, type GatewayRouteRecord, gatewayRouteLimits, gatewayRouteMethods, gatewayRouteResource } from '@cellsight/contract';
import { Button, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { GatewayRouteTestDialog } from '../components/gateway-route-test-dialog';

/** System → Gateway routes (administrators): named outbound HTTP integrations on the screen kit, each with a test call. */
export default function GatewayRouteListPage() {
  const { t } = useTranslation('gateway-routes');
  const canTest = useHasPermission(Permission.GatewayRouteTest);
  const [testing, setTesting] = useState<{ route: GatewayRouteRecord; open: boolean } | null>(null);
  return (
    <>
      <ResourcePage
        resource={gatewayRouteResource}
        columns={['code', 'name', 'purpose', 'method', 'url', 'timeoutMs', 'status', 'createTime']}
        search={[{ field: 'name', rule: 'like' }, { field: 'code', rule: 'like' }, { field: 'purpose' }, { field: 'status' }]}
        form={{
          fields: ['code', 'name', 'purpose', 'method', 'url', 'timeoutMs', 'status', 'headers'],
          initialValues: { method: 'GET', timeoutMs: 10_000, status: '1', purpose: 'webhook' },
          wide: ['url', 'headers'],
          inputs: {
            method: <Select options={gatewayRouteMethods.map((method) => ({ value: method, label: method }))} />,
            timeoutMs: <InputNumber min={gatewayRouteLimits.timeoutMsMin} max={gatewayRouteLimits.timeoutMsMax} step={500} style={{ width: '100%' }} />,
            url: <Input placeholder="https://…" />,
            headers: <Input.TextArea rows={4} placeholder={t('headersPlaceholder')} />,
          },
        }}
        rowActions={
          canTest
            ? (route) => (
                <Button type="link" size="small" onClick={() => setTesting({ route, open: true })}>
                  {t('actions.test')}
                </Button>
              )
            : undefined
        }
      />
      <GatewayRouteTestDialog
        route={testing?.route ?? null}
        open={testing?.open ?? false}
        onClose={() => setTesting((current) => current && { ...current, open: false })}
        afterClose={() => setTesting(null)}
      />
    </>
  );
}
