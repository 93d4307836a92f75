import { type StationRecord, mainStationPid } from '@cellsight/contract';
import { Alert, Button, Card, Form, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageLoading } from '@/components/page-loading';
import { ApiError } from '@/lib/api-client';
import { useServerFeedback } from '@/lib/server-feedback';
import { useUserInfo } from '@/lib/use-session';
import { useEditStation } from '../api/edit-station';
import { useStation } from '../api/get-station';
import { StationDetailsForm, type StationDetailsValues, applyDetailsServerErrors, changedStationFields, detailsOfRecord } from '../components/station-details-form';
import { stationPaths } from '../lib/station-paths';


/** /site/edit?id=: a station's details, saved with only what changed; back to the station afterwards. */
export default function StationEditPage() {
  const { t } = useTranslation('stations');
  const [params] = useSearchParams();
  const id = params.get('id');
  const station = useStation(id);

  const notFound = !id || (station.error instanceof ApiError && station.error.status === 404);
  if (notFound) {
    return (
      <Result
        status="404"
        title={t('details.notFound')}
        subTitle={t('details.notFoundHint')}
        extra={
          <Link to="/site/index">
            <Button type="primary">{t('details.toList')}</Button>
          </Link>
        }
      />
    );
  }
  if (station.isError) return <LoadErrorAlert error={station.error} onRetry={() => void station.refetch()} />;
  if (!station.data) return <PageLoading />;
  // A fresh form for each version of the record.
  return <StationEditForm key={`${station.data.id}:${station.data.updateTime ?? ''}`} record={station.data} />;
}

function StationEditForm({ record }: { record: StationRecord }) {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  const feedback = useServerFeedback();
  const [form] = Form.useForm<StationDetailsValues>();
  const edit = useEditStation();
  const demo = useUserInfo()?.demo ?? false;
  const main = !record.pid || record.pid === mainStationPid;
  const back = () => void navigate(stationPaths.detail(record.id));

  const save = async (values: StationDetailsValues) => {
    const changes = changedStationFields(values, record, main);
    if (Object.keys(changes).length === 0) {
      back();
      return;
    }
    try {
      const envelope = await edit.mutateAsync({ id: record.id, ...changes });
      feedback.success(envelope, t('details.saved'));
      back();
    } catch (error) {
      if (!applyDetailsServerErrors(form, error)) feedback.error(error);
    }
  };

  return (
    <Card title={t('details.editTitle', { name: record.name })}>
      {!main && <Alert type="info" showIcon title={t('details.subStationHint')} style={{ marginBottom: 16 }} />}
      {demo && <Alert type="info" showIcon title={t('details.demo')} style={{ marginBottom: 16 }} />}
      <StationDetailsForm form={form} main={main} initialValues={detailsOfRecord(record)} disabled={demo || edit.isPending} onFinish={(values) => void save(values)}>
        <Space>
          <Button type="primary" htmlType="submit" loading={edit.isPending} disabled={demo}>
            {t('details.save')}
          </Button>
          <Button onClick={back} disabled={false}>
            {t('details.cancel')}
          </Button>
        </Space>
      </StationDetailsForm>
    </Card>
  );
}
