import { type Language, type StationRecord, mainStationPid, stationResource, timeZoneLabel } from '@cellsight/contract';
import { Descriptions, type DescriptionsProps, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AreaText } from '@/components/pickers/area-linkage';
import { useFieldLabel } from '@/kit/resource-page';
import { fileUrl } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useStation } from '../api/get-station';
import { formatLocation } from '../lib/station-figures';
import { stationPaths } from '../lib/station-paths';

/** The main station of a sub-station, by name once known. */
function MainStationLink({ id }: { id: string }) {
  const main = useStation(id);
  return <Link to={stationPaths.detail(id)}>{main.data?.name ?? id}</Link>;
}

/** A station's own fields (spec section 3): customer and contact, accounts, inverters, place and image. */
export function StationInfo({ station }: { station: StationRecord }) {
  const { t, i18n } = useTranslation('stations');
  const label = useFieldLabel(stationResource);
  const image = fileUrl(station.thumbUrl);
  const isMain = station.pid === mainStationPid;

  const items: DescriptionsProps['items'] = [
    ...(isMain ? [] : [{ key: 'pid', label: label('pid'), children: <MainStationLink id={station.pid} /> }]),
    { key: 'customer', label: label('customer'), children: station.customer },
    { key: 'phone', label: label('phone'), children: station.phone },
    { key: 'email', label: label('email'), children: station.email },
    { key: 'region', label: label('region'), children: <AreaText value={station.region} /> },
    { key: 'ownerName', label: label('ownerName'), children: station.ownerName },
    { key: 'installerName', label: label('installerName'), children: station.installerName },
    { key: 'distributorName', label: label('distributorName'), children: station.distributorName },
    { key: 'inverterBrand', label: label('inverterBrand'), children: station.inverterBrand },
    { key: 'inverterModel', label: label('inverterModel'), children: station.inverterModel },
    { key: 'inverterQuantity', label: label('inverterQuantity'), children: station.inverterQuantity },
    { key: 'timezone', label: label('timezone'), children: timeZoneLabel(station.zone, i18n.language as Language) },
    { key: 'stationType', label: label('stationType'), children: t(`detail.stationType.${station.stationType}`, { defaultValue: String(station.stationType) }) },
    { key: 'location', label: t('detail.location'), children: formatLocation(station) },
    { key: 'address', label: label('address'), children: station.address },
    { key: 'createTime', label: label('createTime'), children: formatDateTime(station.createTime) },
    { key: 'remark', label: label('remark'), children: station.remark, span: 'filled' },
    ...(image ? [{ key: 'thumbUrl', label: label('thumbUrl'), children: <Image src={image} alt={label('thumbUrl')} width={240} />, span: 'filled' as const }] : []),
  ];
  return <Descriptions items={items} column={{ xs: 1, md: 2, xl: 3 }} bordered size="small" />;
}
