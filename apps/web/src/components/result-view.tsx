import { Result, type ResultProps } from 'antd';

/** antd's Result, as a chunk of its own for the error screens (`lazy-result.tsx`). */
export default function ResultView(props: ResultProps) {
  return <Result {...props} />;
}
