import { Result, type ResultProps } from 'antd';

/** antd's Result, as a chunk of its own for the router's error page (route-error-page.tsx). */
export default function ErrorResult(props: ResultProps) {
  return <Result {...props} />;
}
