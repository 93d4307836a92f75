import { BoldOutlined, FileImageOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Tooltip, Upload, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';
import { useImageUpload } from '@/lib/image-upload';
import { uploadFile } from '@/lib/upload-file';

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
  /** The editing area's height in pixels (spec section 9: 300, at least 200). */
  height?: number;
}

const minimumHeight = 200;

const linkAddress = /^(https?:\/\/|mailto:)\S+$/i;
const imageAddress = /^https?:\/\/\S+$/i;

/**
 * The console's rich text (announcements, the privacy policy and terms of use): paragraphs,
 * headings, lists, bold, italic, underline, links and images, the same allow-list the server keeps
 * (tiptap; loaded only with the screens that edit rich text). Images are uploaded through
 * `/sys/common/upload` (biz jeditor) or taken from an http(s) address. Height 300, at least 200
 * (spec section 9).
 */
export function RichTextEditor({ value, onChange, id, 'aria-invalid': invalid, height = 300 }: RichTextEditorProps) {
  const { t } = useTranslation('rich-text');
  const { token } = theme.useToken();
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ codeBlock: false, code: false, horizontalRule: false, strike: false, trailingNode: false, link: { openOnClick: false, protocols: ['mailto'] } }), Image],
    content: value ?? '',
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
    editorProps: { attributes: { 'aria-label': t('label'), role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}), style: `min-height: ${minimumHeight}px; height: ${Math.max(height, minimumHeight)}px; overflow-y: auto; outline: none; padding: 8px 11px` } },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      heading: current?.isActive('heading', { level: 3 }) ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  // A value set from outside (the form's reset, an edited record) replaces the content.
  useEffect(() => {
    if (editor && (value ?? '') !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const tool = (name: string, icon: ReactNode, run: () => void, pressed?: boolean) => (
    <Tooltip title={t(name)} key={name}>
      <Button type={pressed ? 'primary' : 'text'} size="small" icon={icon} aria-label={t(name)} aria-pressed={pressed} onMouseDown={(event) => event.preventDefault()} onClick={run} />
    </Tooltip>
  );

  // The image is inserted where the cursor was once the server has stored it.
  const imageUpload = useImageUpload(
    async (file) => {
      setUploading(true);
      try {
        return await uploadFile(file, 'jeditor');
      } finally {
        setUploading(false);
      }
    },
    (path) => {
      const src = fileUrl(path);
      if (src && editor) editor.chain().focus().setImage({ src }).run();
    },
  );

  const chain = () => editor!.chain().focus();
  const link = () => {
    const address = window.prompt(t('linkPrompt'), (editor?.getAttributes('link').href as string | undefined) ?? 'https://');
    if (address === null) return;
    if (address.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else if (linkAddress.test(address.trim())) chain().extendMarkRange('link').setLink({ href: address.trim() }).run();
  };
  const image = () => {
    const address = window.prompt(t('imagePrompt'), 'https://');
    if (address && imageAddress.test(address.trim())) chain().setImage({ src: address.trim() }).run();
  };

  return (
    <div style={{ border: `1px solid ${invalid ? token.colorError : token.colorBorder}`, borderRadius: token.borderRadius }}>
      {editor && (
        <Flex wrap gap={2} style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }} role="toolbar" aria-label={t('label')}>
          {tool('bold', <BoldOutlined />, () => chain().toggleBold().run(), active?.bold)}
          {tool('italic', <ItalicOutlined />, () => chain().toggleItalic().run(), active?.italic)}
          {tool('underline', <UnderlineOutlined />, () => chain().toggleUnderline().run(), active?.underline)}
          {tool('heading', <strong>H</strong>, () => chain().toggleHeading({ level: 3 }).run(), active?.heading)}
          <Divider orientation="vertical" />
          {tool('bulletList', <UnorderedListOutlined />, () => chain().toggleBulletList().run(), active?.bulletList)}
          {tool('orderedList', <OrderedListOutlined />, () => chain().toggleOrderedList().run(), active?.orderedList)}
          {tool('link', <LinkOutlined />, link, active?.link)}
          <Upload accept="image/jpeg,image/png" showUploadList={false} {...imageUpload}>
            <Tooltip title={t('imageUpload')}>
              <Button type="text" size="small" icon={<PictureOutlined />} loading={uploading} aria-label={t('imageUpload')} onMouseDown={(event) => event.preventDefault()} />
            </Tooltip>
          </Upload>
          {tool('imageAddress', <FileImageOutlined />, image)}
          <Divider orientation="vertical" />
          {tool('undo', <UndoOutlined />, () => chain().undo().run())}
          {tool('redo', <RedoOutlined />, () => chain().redo().run())}
        </Flex>
      )}
      <EditorContent editor={editor} className="cs-rich-text" />
    </div>
  );
}
