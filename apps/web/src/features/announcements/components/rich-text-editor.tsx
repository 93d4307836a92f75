import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Tooltip, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
}

const linkAddress = /^(https?:\/\/|mailto:)\S+$/i;
const imageAddress = /^https?:\/\/\S+$/i;

/**
 * The announcement's message: paragraphs, headings, lists, bold, italic, underline, links and
 * images, the same allow-list the server keeps (tiptap; loaded with the announcements screen only).
 * Height 300 (spec section 9: rich editor height 300, at least 200).
 */
export function RichTextEditor({ value, onChange, id, 'aria-invalid': invalid }: RichTextEditorProps) {
  const { t } = useTranslation('announcements');
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [StarterKit.configure({ codeBlock: false, code: false, horizontalRule: false, strike: false, trailingNode: false, link: { openOnClick: false, protocols: ['mailto'] } }), Image],
    content: value ?? '',
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
    editorProps: { attributes: { 'aria-label': t('editor.label'), role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}), style: 'min-height: 200px; height: 300px; overflow-y: auto; outline: none; padding: 8px 11px' } },
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
    <Tooltip title={t(`editor.${name}`)} key={name}>
      <Button type={pressed ? 'primary' : 'text'} size="small" icon={icon} aria-label={t(`editor.${name}`)} aria-pressed={pressed} onMouseDown={(event) => event.preventDefault()} onClick={run} />
    </Tooltip>
  );

  const chain = () => editor!.chain().focus();
  const link = () => {
    const address = window.prompt(t('editor.linkPrompt'), (editor?.getAttributes('link').href as string | undefined) ?? 'https://');
    if (address === null) return;
    if (address.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else if (linkAddress.test(address.trim())) chain().extendMarkRange('link').setLink({ href: address.trim() }).run();
  };
  const image = () => {
    const address = window.prompt(t('editor.imagePrompt'), 'https://');
    if (address && imageAddress.test(address.trim())) chain().setImage({ src: address.trim() }).run();
  };

  return (
    <div style={{ border: `1px solid ${invalid ? token.colorError : token.colorBorder}`, borderRadius: token.borderRadius }}>
      {editor && (
        <Flex wrap gap={2} style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }} role="toolbar" aria-label={t('editor.label')}>
          {tool('bold', <BoldOutlined />, () => chain().toggleBold().run(), active?.bold)}
          {tool('italic', <ItalicOutlined />, () => chain().toggleItalic().run(), active?.italic)}
          {tool('underline', <UnderlineOutlined />, () => chain().toggleUnderline().run(), active?.underline)}
          {tool('heading', <strong>H</strong>, () => chain().toggleHeading({ level: 3 }).run(), active?.heading)}
          <Divider orientation="vertical" />
          {tool('bulletList', <UnorderedListOutlined />, () => chain().toggleBulletList().run(), active?.bulletList)}
          {tool('orderedList', <OrderedListOutlined />, () => chain().toggleOrderedList().run(), active?.orderedList)}
          {tool('link', <LinkOutlined />, link, active?.link)}
          {tool('image', <PictureOutlined />, image)}
          <Divider orientation="vertical" />
          {tool('undo', <UndoOutlined />, () => chain().undo().run())}
          {tool('redo', <RedoOutlined />, () => chain().redo().run())}
        </Flex>
      )}
      <EditorContent editor={editor} className="cs-announcement-content" />
    </div>
  );
}
