import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { SearchForm } from '@/kit/search-form';
import { describe, expect, it } from 'vitest';
import { KeptPages, keepPage, keptPagesMax } from './kept-pages';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {label} {count}
    </button>
  );
}

/** A screen's search bar, as the kit's list screens have it: what is typed stays until Search. */
function SearchPage() {
  const [form] = Form.useForm<{ keyWord?: string }>();
  return (
    <SearchForm form={form} name="kept-search" label="search" values={{}} onSearch={() => undefined} onReset={() => undefined}>
      <Form.Item name="keyWord">
        <Input aria-label="key word" />
      </Form.Item>
    </SearchForm>
  );
}

const pages: Record<string, { element: React.ReactNode; keepAlive: string | null }> = {
  '/stations': { element: <Counter label="stations" />, keepAlive: 'site/index' },
  '/search': { element: <SearchPage />, keepAlive: 'search/index' },
  '/users': { element: <Counter label="users" />, keepAlive: null },
};

const none: readonly string[] = [];
function Shell({ path, refreshKey = 0, released = none }: { path: string; refreshKey?: number; released?: readonly string[] }) {
  const page = pages[path]!;
  return <KeptPages page={page.element} pathname={path} keepAliveName={page.keepAlive} refreshKey={refreshKey} releasedPaths={released} />;
}

describe('KeptPages', () => {
  it('keeps a keep-alive page as it was when another page opens, and mounts other pages afresh', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<Shell path="/stations" />);
    await user.click(screen.getByRole('button', { name: 'stations 0' }));
    await user.click(screen.getByRole('button', { name: 'stations 1' }));

    rerender(<Shell path="/users" />);
    expect(screen.queryByRole('button', { name: /stations/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'users 0' }));

    rerender(<Shell path="/stations" />);
    expect(screen.getByRole('button', { name: 'stations 2' })).toBeVisible();

    rerender(<Shell path="/users" />);
    expect(screen.getByRole('button', { name: 'users 0' })).toBeVisible();
  });

  it('keeps what was typed in a search bar but not searched, when the page comes back', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<Shell path="/search" />);
    await user.type(screen.getByRole('textbox', { name: 'key word' }), 'typed');
    rerender(<Shell path="/users" />);
    rerender(<Shell path="/search" />);
    expect(screen.getByRole('textbox', { name: 'key word' })).toHaveValue('typed');
  });

  it('mounts a kept page afresh when refreshed or when its tab is closed', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<Shell path="/stations" />);
    await user.click(screen.getByRole('button', { name: 'stations 0' }));
    rerender(<Shell path="/stations" refreshKey={1} />);
    expect(screen.getByRole('button', { name: 'stations 0' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'stations 0' }));
    rerender(<Shell path="/users" refreshKey={1} />);
    rerender(<Shell path="/users" refreshKey={1} released={['/stations']} />);
    rerender(<Shell path="/stations" refreshKey={1} released={['/stations']} />);
    expect(screen.getByRole('button', { name: 'stations 0' })).toBeVisible();
  });

  it('keeps at most the newest pages, letting the one shown longest ago go', () => {
    let kept = keepPage([], { name: 'page-0', path: '/0', element: null, refreshed: false, cameToFront: true });
    for (let i = 1; i <= keptPagesMax; i += 1) kept = keepPage(kept, { name: `page-${i}`, path: `/${i}`, element: null, refreshed: false, cameToFront: true });
    expect(kept.map((page) => page.name)).not.toContain('page-0');
    kept = keepPage(kept, { name: 'page-1', path: '/1', element: null, refreshed: false, cameToFront: true });
    kept = keepPage(kept, { name: 'page-new', path: '/new', element: null, refreshed: false, cameToFront: true });
    expect(kept).toHaveLength(keptPagesMax);
    expect(kept.map((page) => page.name)).toContain('page-1');
    expect(kept.map((page) => page.name)).not.toContain('page-2');
  });
});
