import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, failure, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import { ChangePasswordModal } from './change-password-modal';

configure({ defaultHidden: true });

const me = userInfo({ id: 'u1', username: 'alice', realname: 'Alice', sex: 2 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => session.setUserInfo(me));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  session.clear();
  await i18n.changeLanguage('en-US');
});
afterAll(() => server.close());

const open = async (onClose = vi.fn()) => {
  renderWithProviders(<ChangePasswordModal open onClose={onClose} />);
  return { dialog: await findDialog(i18n.t('account:password.title')), onClose };
};

const fill = async (dialog: HTMLElement, values: { old?: string; next?: string; confirm?: string }) => {
  const user = userEvent.setup({ delay: null });
  if (values.old) await user.type(within(dialog).getByLabelText(i18n.t('account:password.old')), values.old);
  if (values.next) await user.type(within(dialog).getByLabelText(i18n.t('account:password.new')), values.next);
  if (values.confirm) await user.type(within(dialog).getByLabelText(i18n.t('account:password.confirm')), values.confirm);
  // antd spaces out two-character Chinese button labels ("确 定"), so compare without spaces.
  const submit = i18n.t('account:password.submit').replace(/\s/g, '');
  await user.click(within(dialog).getByRole('button', { name: (name) => name.replace(/\s/g, '') === submit }));
};

describe('ChangePasswordModal', () => {
  it('warns instead of opening when nobody is signed in', async () => {
    session.clear();
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordModal open onClose={onClose} />);
    expect(await screen.findByText('No user is signed in!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText('Change password', { selector: '.ant-modal-title' })).not.toBeInTheDocument();
  });

  it('shows the required messages of spec section 5 in Chinese', async () => {
    renderWithProviders(<ChangePasswordModal open onClose={vi.fn()} />);
    await i18n.changeLanguage('zh-CN');
    const dialog = await findDialog('修改密码');
    await fill(dialog, {});
    expect(await within(dialog).findByText('请输入旧密码!')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入新密码!')).toBeInTheDocument();
    expect(within(dialog).getByText('请确认新密码!')).toBeInTheDocument();
    await fill(dialog, { old: 'x', next: 'abc123', confirm: 'abc124' });
    expect(await within(dialog).findByText('两次输入的密码不一样！')).toBeInTheDocument();
  });

  it('checks length, characters and strength of the new password', async () => {
    const { dialog } = await open();
    await fill(dialog, {});
    expect(await within(dialog).findByText('Please enter your old password!')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a new password!')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm the new password!')).toBeInTheDocument();

    const next = within(dialog).getByLabelText('New password');
    const user = userEvent.setup({ delay: null });
    await user.type(next, 'ab1');
    expect(await within(dialog).findByText('The password must be 6 to 20 characters')).toBeInTheDocument();
    await user.clear(next);
    await user.type(next, 'abcdefg');
    expect(await within(dialog).findByText('The password must contain both letters and digits')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'abcdefh');
    expect(await within(dialog).findByText('The two passwords do not match!')).toBeInTheDocument();
  });

  it('marks the old password when the server says it is wrong (4024)', async () => {
    server.use(http.put('/boot/sys/user/updatePassword', () => HttpResponse.json(failure(4024, 'old password wrong'), { status: 400 })));
    const { dialog, onClose } = await open();
    await fill(dialog, { old: 'wrong1', next: 'secret12', confirm: 'secret12' });
    const expected = i18n.t('server:__4024', { defaultValue: i18n.t('account:password.oldWrong') });
    const oldField = within(dialog).getByLabelText('Old password').closest('.ant-form-item');
    if (!(oldField instanceof HTMLElement)) throw new Error('old password form item not found');
    expect(await within(oldField).findByText(expected)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('changes the password and says other sessions were signed out', async () => {
    let body: unknown;
    server.use(
      http.put('/boot/sys/user/updatePassword', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(null, 1009, 'password changed'));
      }),
    );
    const { dialog, onClose } = await open();
    await fill(dialog, { old: 'oldpass1', next: 'secret12', confirm: 'secret12' });
    await waitFor(() => expect(body).toEqual({ username: 'alice', oldpassword: 'oldpass1', password: 'secret12', confirmpassword: 'secret12' }));
    expect(await screen.findByText(/You have been signed out on all other devices\./)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});
