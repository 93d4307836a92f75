import { sql } from '@codemirror/lang-sql';
import CodeMirror, { EditorState } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { CodeEditorProps } from './code-editor';

/** Spec section 9: the code editor indents by 2. */
const tabSize = 2;

/** CodeMirror 6 with the language's highlighting and completion; loaded only by `CodeEditor`. */
export default function CodemirrorEditor({ value, onChange, language = 'sql', height = 240, readOnly, id, ariaLabel }: CodeEditorProps) {
  const extensions = useMemo(() => [EditorState.tabSize.of(tabSize), ...(language === 'sql' ? [sql()] : [])], [language]);
  return (
    <CodeMirror
      id={id}
      value={value ?? ''}
      onChange={(next) => onChange?.(next)}
      height={`${height}px`}
      extensions={extensions}
      readOnly={readOnly}
      indentWithTab
      basicSetup={{ tabSize, foldGutter: false }}
      aria-label={ariaLabel}
      style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, overflow: 'hidden' }}
    />
  );
}
