import { limits, stationResource } from '@cellsight/contract';
import { useResourceList } from '@/kit/resource-page';

/** All of a main station's sub-stations fit one page (at most 10); worst status first, as the list. */
const subStationsQuery = (pid: string) => ({ pid, pageNo: 1, pageSize: limits.subStationsMax, column: stationResource.defaultSort.column, order: stationResource.defaultSort.order });

/** GET /want/tbStation/list?pid=: a main station's sub-stations, through the kit's list (and its key). */
export const useSubStations = (pid: string, enabled = true) => useResourceList(stationResource, subStationsQuery(pid), enabled);
