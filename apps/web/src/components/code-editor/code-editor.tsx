import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';

export interface CodeEditorProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** The highlighting and completion: SQL (report queries), or plain text. */
  language?: 'sql' | 'text';
  /** Pixels. */
  height?: number;
  readOnly?: boolean;
  id?: string;
  ariaLabel?: string;
}

// CodeMirror is a few hundred kB: it loads with the first editor shown, so no other screen pays for it.
const CodemirrorEditor = lazy(() => import('./codemirror-editor'));

/**
 * The console's code editor (spec: report SQL and scripts; tab size 2): CodeMirror 6, lazily loaded,
 * usable as a form field (`value`, `onChange`).
 */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: props.height ?? 240 }} />}>
      <CodemirrorEditor {...props} />
    </Suspense>
  );
}
