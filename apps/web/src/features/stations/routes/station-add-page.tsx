import { mainStationPid } from '@cellsight/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { StationWizard } from '../components/station-wizard';
import { stationPaths } from '../lib/station-paths';

/**
 * /site/add (optional `?pid=` for a sub-station): the creation wizard, open at once. Leaving it goes
 * back to the station list; after Confirm, to the new station.
 */
export default function StationAddPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pid = params.get('pid');
  const [open, setOpen] = useState(true);
  return (
    <StationWizard
      open={open}
      parentId={pid && pid !== mainStationPid ? pid : undefined}
      onClose={(createdId) => {
        setOpen(false);
        void navigate(createdId ? stationPaths.detail(createdId) : stationPaths.list);
      }}
    />
  );
}
