import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import AccountSettingsPage from '../routes/account-settings-page';
import { envelope, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import { UserSettingsModal } from './user-settings-modal';

configure({ defaultHidden: true });

// jsdom cannot draw images, so the cropper steps aside here and hands the picked file on as it is;
// the crop itself is exercised in Chromium (e2e/tests/account.spec.ts).
vi.mock('antd-img-crop', () => ({ default: ({ children }: { children: React.ReactNode }) => children }));

const me = userInfo({ id: 'u1', username: 'alice', realname: 'Alice', avatar: 'avatar/20260101/0123456789abcdef0123456789abcdef.png', sex: 2, email: 'alice@example.com', company: 'Cellsight', address: 'Somewhere 1', code: 'C-001' });

let profileRequests: string[] = [];
const server = setupServer(
  http.get('/boot/sys/user/queryById', ({ request }) => {
    profileRequests.push(new URL(request.url).searchParams.get('id') ?? '');
    return HttpResponse.json(envelope(me));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  profileRequests = [];
  session.setUserInfo(me);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  session.clear();
});
afterAll(() => server.close());

const openSettings = async () => {
  renderWithProviders(<UserSettingsModal open onClose={vi.fn()} />);
  const dialog = await findDialog('User settings');
  await within(dialog).findByDisplayValue('Alice');
  return dialog;
};

describe('UserSettingsModal', () => {
  it('loads the own profile and shows the user code', async () => {
    const dialog = await openSettings();
    expect(profileRequests).toEqual(['u1']);
    expect(within(dialog).getByLabelText('Company')).toHaveValue('Cellsight');
    expect(within(dialog).getByLabelText('Address')).toHaveValue('Somewhere 1');
    expect(within(dialog).getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', '/boot/sys/common/view/avatar/20260101/0123456789abcdef0123456789abcdef.png');
    // 180 × 180, as the spec sizes the profile's picture.
    expect(within(dialog).getByRole('img', { name: 'Your avatar' }).closest('.ant-avatar')).toHaveStyle({ width: '180px', height: '180px' });
    expect(within(dialog).getByLabelText('User code')).toHaveTextContent('C-001');
  });

  it('shows -- without a user code', async () => {
    server.use(http.get('/boot/sys/user/queryById', () => HttpResponse.json(envelope({ ...me, code: null }))));
    session.setUserInfo({ ...me, code: null });
    const dialog = await openSettings();
    expect(within(dialog).getByLabelText('User code')).toHaveTextContent('--');
  });

  it('saves the profile and refreshes the session user', async () => {
    let body: unknown;
    server.use(
      http.put('/boot/sys/user/edit_info', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope({ ...me, realname: 'Alice L.', company: 'Acme' }, 1002, 'saved'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    const dialog = await openSettings();
    const realname = within(dialog).getByLabelText('Real name');
    await user.clear(realname);
    await user.type(realname, 'Alice L.');
    const company = within(dialog).getByLabelText('Company');
    await user.clear(company);
    await user.type(company, 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Update information' }));
    await waitFor(() =>
      expect(body).toEqual({ id: 'u1', realname: 'Alice L.', avatar: 'avatar/20260101/0123456789abcdef0123456789abcdef.png', sex: 2, company: 'Acme', address: 'Somewhere 1' }),
    );
    await waitFor(() => expect(session.userInfo?.realname).toBe('Alice L.'));
    expect(session.userInfo?.company).toBe('Acme');
  });

  // applyAccept off: the point is our own check, not the browser's file filter. No upload request
  // may follow a refusal: msw fails the test on any unhandled call.
  it('refuses images that are not JPG or PNG before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const dialog = await openSettings();
    await user.upload(within(dialog).getByLabelText('Avatar'), new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Image must be JPG or PNG')).toBeInTheDocument();
  });

  it('refuses images of 2 MB and larger before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const dialog = await openSettings();
    await user.upload(within(dialog).getByLabelText('Avatar'), new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Image must be smaller than 2 MB')).toBeInTheDocument();
  });

  it('uploads a new avatar and saves its stored path', async () => {
    const uploaded: { biz?: FormDataEntryValue | null; file?: FormDataEntryValue | null } = {};
    let body: unknown;
    server.use(
      http.post('/boot/sys/common/upload', async ({ request }) => {
        const form = await request.formData();
        uploaded.biz = form.get('biz');
        uploaded.file = form.get('file');
        return HttpResponse.json(envelope(null, 200, 'avatar/20261124/fedcba9876543210fedcba9876543210.png'));
      }),
      http.put('/boot/sys/user/edit_info', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope({ ...me, avatar: 'avatar/20261124/fedcba9876543210fedcba9876543210.png' }, 1002, 'saved'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    const dialog = await openSettings();
    await user.upload(within(dialog).getByLabelText('Avatar'), new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', '/boot/sys/common/view/avatar/20261124/fedcba9876543210fedcba9876543210.png'));
    expect(uploaded.biz).toBe('avatar');
    // jsdom's File crosses into Node's fetch as a plain part (name and bytes do not survive that
    // hop in tests, they do in browsers), so only the part's type is checked.
    expect(uploaded.file).toMatchObject({ type: 'image/png' });
    await user.click(within(dialog).getByRole('button', { name: 'Update information' }));
    await waitFor(() => expect(body).toMatchObject({ avatar: 'avatar/20261124/fedcba9876543210fedcba9876543210.png' }));
    await waitFor(() => expect(session.userInfo?.avatar).toBe('avatar/20261124/fedcba9876543210fedcba9876543210.png'));
  });

  it('opens the change-password dialog from the security section', async () => {
    const dialog = await openSettings();
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: 'Change password' }));
    const passwordDialog = await findDialog('Change password');
    expect(within(passwordDialog).getByLabelText('Old password')).toBeInTheDocument();
  });
});

describe('AccountSettingsPage', () => {
  it('shows the same settings inline', async () => {
    renderWithProviders(<AccountSettingsPage />);
    expect(await screen.findByRole('heading', { name: 'User settings' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Alice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });
});
