import { type FirmwareDeviceType, firmwareEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /want/firmware/versions: the files of the firmware library an upgrade of this kind of device may install, newest first. */
export const useFirmwareChoices = (deviceType: FirmwareDeviceType) =>
  useQuery({
    queryKey: ['/want/firmware', 'versions', deviceType],
    queryFn: async () => (await api.call(firmwareEndpoints.versions, { query: { deviceType } })).result,
  });
