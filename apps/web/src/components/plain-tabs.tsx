import { theme } from 'antd';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

export interface PlainTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * Tabs drawn as antd's (titles over a line, an ink bar under the open one, its panel below) without
 * antd's Tabs, whose overflow menu brings the dropdown and menu packages: for a page whose few tabs
 * always fit (the sign-in page). A WAI-ARIA tablist as antd's: the open tab is in the tab order,
 * arrow keys, Home and End move between tabs, Enter or Space opens the focused one. A panel is drawn
 * when first opened and kept (hidden) after, so what was typed stays.
 */
export function PlainTabs({ items }: { items: readonly PlainTab[] }) {
  const { token } = theme.useToken();
  const id = useId();
  const [active, setActive] = useState(items[0]?.key);
  const [opened, setOpened] = useState<ReadonlySet<string | undefined>>(() => new Set([items[0]?.key]));
  const tabs = useRef(new Map<string, HTMLDivElement>());
  const inkBar = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const tab = active === undefined ? undefined : tabs.current.get(active);
    if (!tab || !inkBar.current) return;
    inkBar.current.style.left = `${tab.offsetLeft}px`;
    inkBar.current.style.width = `${tab.offsetWidth}px`;
  }, [active, items]);

  const open = (key: string) => {
    setActive(key);
    setOpened((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: items.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      const key = items[Math.min(Math.max(to, 0), items.length - 1)]?.key;
      if (key !== undefined) tabs.current.get(key)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const key = items[index]?.key;
      if (key !== undefined) open(key);
    }
  };

  const colours = { '--cs-tabs-hover': token.colorPrimaryHover, '--cs-tabs-focus': token.colorPrimaryBorder, '--cs-tabs-line': token.colorBorderSecondary } as CSSProperties;
  return (
    <div className="cs-tabs" style={{ ...colours, color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
      <div role="tablist" className="cs-tabs__nav" style={{ marginBottom: token.margin }}>
        {items.map((item, index) => (
          <div
            key={item.key}
            ref={(node) => {
              if (node) tabs.current.set(item.key, node);
              else tabs.current.delete(item.key);
            }}
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-controls={`${id}-panel-${item.key}`}
            aria-selected={item.key === active}
            tabIndex={item.key === active ? 0 : -1}
            className={item.key === active ? 'cs-tabs__tab cs-tabs__tab--active' : 'cs-tabs__tab'}
            style={{ padding: `${token.paddingSM}px 0`, marginInlineStart: index === 0 ? 0 : 32, ...(item.key === active ? { color: token.colorPrimary } : {}) }}
            onClick={() => open(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </div>
        ))}
        <div ref={inkBar} className="cs-tabs__ink-bar" style={{ height: token.lineWidthBold, background: token.colorPrimary }} />
      </div>
      {items
        .filter((item) => opened.has(item.key))
        .map((item) => (
          <div key={item.key} role="tabpanel" id={`${id}-panel-${item.key}`} aria-labelledby={`${id}-tab-${item.key}`} hidden={item.key !== active}>
            {item.children}
          </div>
        ))}
    </div>
  );
}
