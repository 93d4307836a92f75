import { positionResource } from '@cellsight/contract';
import { ResourcePage } from '@/kit/resource-page';

/** System administration: positions (spec section 2), everything from the screen kit. */
export default function PositionListPage() {
  return (
    <ResourcePage
      resource={positionResource}
      columns={['code', 'name', 'rank', 'createTime']}
      search={[{ field: 'name', rule: 'like' }, { field: 'code', rule: 'like' }, { field: 'rank' }]}
      form={{ fields: ['code', 'name', 'rank'] }}
    />
  );
}
