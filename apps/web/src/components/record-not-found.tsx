import { Button, Result } from 'antd';
import { Link } from 'react-router';

/**
 * A record's page when the record is not there, or not the user's (the server answers both with
 * 404 and the page does not tell them apart): what is missing, why, and the way back to its list.
 */
export function RecordNotFound({ title, hint, backTo, backLabel }: { title: string; hint: string; backTo: string; backLabel: string }) {
  return (
    <Result
      status="404"
      title={title}
      subTitle={hint}
      extra={
        <Link to={backTo}>
          <Button type="primary">{backLabel}</Button>
        </Link>
      }
    />
  );
}
