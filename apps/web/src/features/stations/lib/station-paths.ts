import { stationDetailPath } from '@/lib/console-paths';

/** Where the station screens live (spec section 2 routes); ids travel in the query. */
const withId = (path: string, name: string, id: string) => `${path}?${new URLSearchParams({ [name]: id }).toString()}`;

export const stationPaths = {
  list: '/site/index',
  add: '/site/add',
  addSubStation: (mainStationId: string) => withId('/site/add', 'pid', mainStationId),
  edit: (id: string) => withId('/site/edit', 'id', id),
  detail: stationDetailPath,
};
