/**
 * Values the test run shares between the Playwright config (which starts the server with them)
 * and the specs. The config module sets the E2E_* variables once in the runner process; workers
 * inherit them.
 */
export const adminUsername = process.env.E2E_ADMIN_USERNAME ?? 'admin';
export const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'Admin12345';

/** A user name no other run or test has used: letters, digits, underscore, at most 18 characters. */
export const uniqueUsername = (prefix: string): string => {
  const stamp = Date.now().toString(36).slice(-6);
  const random = Math.floor(Math.random() * 36 ** 3).toString(36).padStart(3, '0');
  return `${prefix}_${stamp}${random}`.slice(0, 18);
};
