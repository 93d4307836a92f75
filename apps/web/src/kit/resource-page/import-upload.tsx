import { Upload } from 'antd';
import type { ReactNode } from 'react';

/** The import button's file choice (`import-button.tsx`): a spreadsheet, handed over unsent. */
export default function ImportUpload({ onFile, children }: { onFile: (file: File) => void; children: ReactNode }) {
  return (
    <Upload accept=".xls,.xlsx" showUploadList={false} beforeUpload={(file) => (onFile(file), false)}>
      {children}
    </Upload>
  );
}
