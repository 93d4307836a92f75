import { type AllDictItems, type UserInfo, limits, type LoginResult } from '@cellsight/contract';
import { storage } from './storage';

/** Whether this page is the device portal (`/neutral/...`), whose session is kept apart from the console's. */
export const isNeutralPath = (pathname: string): boolean => pathname === '/neutral' || pathname.startsWith('/neutral/');

/**
 * Keys of the signed-in session in local storage (all under the `uz__` prefix). The device portal
 * keeps the same values under its own prefix with an `is_neutral` flag (spec section 3), so signing
 * in there neither uses nor ends the console's session in the same browser.
 */
const namespace = typeof window !== 'undefined' && isNeutralPath(window.location.pathname) ? 'NEUTRAL_' : '';
const keys = {
  token: `${namespace}Access-Token`,
  userInfo: `${namespace}Login_Userinfo`,
  dictItems: `${namespace}UI_CACHE_DB_DICT_DATA`,
  role: `${namespace}Login_Role`,
  tenantId: `${namespace}TENANT_ID`,
  username: `${namespace}Login_Username`,
} as const;
/** The device portal's flag next to its session. */
const neutralFlag = namespace ? 'NEUTRAL_is_neutral' : null;

type Listener = () => void;
const listeners = new Set<Listener>();

/** The client-side session: token and user data, kept 7 days (spec section 4). */
export const session = {
  get token(): string | null {
    return storage.get<string>(keys.token);
  },
  get userInfo(): UserInfo | null {
    return storage.get<UserInfo>(keys.userInfo);
  },
  get role(): string | null {
    return storage.get<string>(keys.role);
  },
  get dictItems(): AllDictItems {
    return storage.get<AllDictItems>(keys.dictItems) ?? {};
  },
  get tenantId(): string {
    return storage.get<string>(keys.tenantId) ?? '0';
  },
  /** Stores a successful login. */
  start(result: LoginResult): void {
    const life = limits.sessionLifetimeMs;
    storage.set(keys.token, result.token, life);
    storage.set(keys.userInfo, result.userInfo, life);
    storage.set(keys.dictItems, result.sysAllDictItems, life);
    storage.set(keys.role, result.role, life);
    storage.set(keys.username, result.userInfo.username, life);
    if (neutralFlag) storage.set(neutralFlag, true, life);
    if (result.tenantList.length === 1 && result.tenantList[0]) storage.set(keys.tenantId, String(result.tenantList[0].id), life);
    notify();
  },
  setUserInfo(userInfo: UserInfo): void {
    storage.set(keys.userInfo, userInfo, limits.sessionLifetimeMs);
    notify();
  },
  /** Dictionaries fetched again in the console's language (`lib/dictionaries.ts`). */
  setDictItems(items: AllDictItems): void {
    storage.set(keys.dictItems, items, limits.sessionLifetimeMs);
    notify();
  },
  setTenantId(id: string): void {
    storage.set(keys.tenantId, id, limits.sessionLifetimeMs);
  },
  /** Forgets everything about the signed-in user. */
  clear(): void {
    for (const key of Object.values(keys)) storage.remove(key);
    if (neutralFlag) storage.remove(neutralFlag);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function notify(): void {
  for (const listener of listeners) listener();
}
