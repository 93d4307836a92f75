import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

// Texts of the sign-in pages drawn as antd's Typography draws them (title, secondary paragraph,
// strong and secondary text, secondary link) without Typography itself, which brings its copy,
// edit and ellipsis parts (a TextArea, tooltips, icons) to a page that shows none of them.

/** `Typography.Title` of level 3. */
export function PlainTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return <h3 style={{ color: token.colorTextHeading, fontWeight: token.fontWeightStrong, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, marginBottom: '0.5em', wordBreak: 'break-word', ...style }}>{children}</h3>;
}

/** `Typography.Paragraph type="secondary"`. */
export function PlainParagraph({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <p style={{ color: token.colorTextDescription, lineHeight: token.lineHeight, marginTop: 0, marginBottom: '1em', wordBreak: 'break-word' }}>{children}</p>;
}

/** `Typography.Text`, `strong` or `type="secondary"`. */
export function PlainText({ children, strong = false, secondary = false, style }: { children: ReactNode; strong?: boolean; secondary?: boolean; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return <span style={{ color: secondary ? token.colorTextDescription : token.colorText, fontWeight: strong ? token.fontWeightStrong : undefined, lineHeight: token.lineHeight, wordBreak: 'break-word', ...style }}>{children}</span>;
}

/** `Typography.Link type="secondary"`: secondary text, the link colour under the pointer. */
export function PlainSecondaryLink({ children, href }: { children: ReactNode; href: string }) {
  const { token } = theme.useToken();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="cs-plain-link" style={{ '--cs-link-hover': token.colorLinkHover, color: token.colorTextDescription } as CSSProperties}>
      {children}
    </a>
  );
}
