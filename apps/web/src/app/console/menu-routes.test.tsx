import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sectionRedirects } from './menu-routes';

const targetOf = (route: RouteObject): unknown => (isValidElement<{ to: string }>(route.element) ? route.element.props.to : undefined);

describe('sectionRedirects', () => {
  it('opens a section’s index page, else its first page, and leaves sections that are routes alone', () => {
    const routes: RouteObject[] = [
      { path: '/site/detail' },
      { path: '/site/index' },
      { path: '/worklist/detail' },
      { path: '/worklist/add' },
      { path: '/system', children: [{ index: true }, { path: '/system/user' }] },
      { path: '/dashboard' },
      { path: '/dashboard/analysis' },
      { path: '/account' },
    ];
    const redirects = sectionRedirects(routes);
    expect(redirects.map((route) => [route.path, targetOf(route)])).toEqual([
      ['/site', '/site/index'],
      ['/worklist', '/worklist/detail'],
    ]);
  });
});
