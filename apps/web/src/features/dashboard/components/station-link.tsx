import { Link } from 'react-router';
import { stationDetailPath } from '@/lib/console-paths';


export function StationLink({ id, name }: { id: string | null; name: string | null }) {
  if (!id) return <>{name ?? '—'}</>;
  return <Link to={stationDetailPath(id)}>{name ?? id}</Link>;
}
