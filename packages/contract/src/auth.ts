import { z } from 'zod';
import { text } from './text.js';
import { defineEndpoint } from './endpoint.js';
import { allDictItemsSchema } from './dict.js';
import { fields } from './fields.js';

export const userInfoSchema = z.object({
  id: text(),
  username: text(),
  realname: text(),
  avatar: text().nullable(),
  sex: z.number().int().nullable(),
  email: text().nullable(),
  phone: text().nullable(),
  company: text().nullable(),
  address: text().nullable(),
  /** The user's own code, shown as "user code" in the security settings. */
  code: text().nullable(),
  orgCode: text().nullable(),
  orgCodeTxt: text().nullable(),
  status: z.number().int(),
  createTime: text(),
  /** Demo accounts may look but not change (spec section 6). */
  demo: z.boolean(),
  /**
   * Whether the user belongs to the platform's own tenant: only such users (its administrators) change
   * what every tenant shares, such as the built-in roles (docs/architecture.md, "Platform and tenants").
   */
  platform: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const departSchema = z.object({
  id: text(),
  departName: text(),
  orgCode: text(),
  parentId: text().nullable(),
});
export type Depart = z.infer<typeof departSchema>;

export const tenantSchema = z.object({
  id: z.number().int(),
  name: text(),
  status: z.number().int(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** The key a captcha picture is asked for and answered by (`checkKey`): the console's own, short and plain. */
export const captchaKeySchema = text()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -');
export const captchaKeyParamsSchema = z.object({ key: captchaKeySchema });

export const loginRequestSchema = z.object({
  username: text({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is too long'),
  password: fields.loginPassword,
  /** JeecgBoot's login page: the characters of the captcha picture of `checkKey` (checked when either is sent). */
  captcha: text().max(16).optional(),
  checkKey: z.union([captchaKeySchema, z.number().int().nonnegative()]).optional(),
  remember_me: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResultSchema = z.object({
  token: text(),
  userInfo: userInfoSchema,
  sysAllDictItems: allDictItemsSchema,
  /** Code of the user's primary role. */
  role: text(),
  /** 0 no department, 1 exactly one, 2 several (the client then asks which). */
  multi_depart: z.number().int(),
  departs: z.array(departSchema),
  tenantList: z.array(tenantSchema),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A button/permission entry (`auth` and `allAuth`). */
export const permissionEntrySchema = z.object({
  action: text(),
  type: text(),
  describe: text(),
  status: text().optional(),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

export interface MenuRoute {
  id: string;
  /** '1' when the client registers a route for it, '0' when not. */
  route: '0' | '1';
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: {
    title: string;
    icon?: string;
    url?: string;
    keepAlive: boolean;
    internalOrExternal: boolean;
    componentName: string;
    permissionList: PermissionEntry[];
  };
  children?: MenuRoute[];
}

export const menuRouteSchema: z.ZodType<MenuRoute> = z.lazy(() =>
  z.object({
    id: text(),
    route: z.enum(['0', '1']),
    path: text(),
    name: text(),
    component: text(),
    redirect: text().nullable().optional(),
    hidden: z.boolean().optional(),
    alwaysShow: z.boolean().optional(),
    meta: z.object({
      title: text(),
      icon: text().optional(),
      url: text().optional(),
      keepAlive: z.boolean(),
      internalOrExternal: z.boolean(),
      componentName: text(),
      permissionList: z.array(permissionEntrySchema),
    }),
    children: z.array(menuRouteSchema).optional(),
  }),
);

export const userPermissionsSchema = z.object({
  menu: z.array(menuRouteSchema),
  auth: z.array(permissionEntrySchema),
  allAuth: z.array(permissionEntrySchema),
  sysSafeMode: z.boolean(),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

export const selectDepartRequestSchema = z.object({
  orgCode: text({ error: 'is required' }).trim().min(1, 'is required').max(64),
  username: text().trim().max(64).optional(),
});
export const selectDepartResultSchema = z.object({ userInfo: userInfoSchema });

/**
 * `GET /sys/user/getCurrentUserDeparts`: where the signed-in user may work — their departments (and
 * the current one) and their active tenants — so the console can offer a switch after sign-in too.
 */
export const workplacesSchema = z.object({
  list: z.array(departSchema),
  orgCode: text().nullable(),
  tenantList: z.array(tenantSchema),
});
export type Workplaces = z.infer<typeof workplacesSchema>;

/** Self-service password change (`sys/user/updatePassword`). */
export const updatePasswordRequestSchema = z.object({
  username: text().trim().max(64).optional(),
  oldpassword: text({ error: 'is required' }).min(1, 'is required').max(128, 'is too long'),
  password: text({ error: 'is required' }).max(128, 'is too long'),
  confirmpassword: text({ error: 'is required' }).max(128, 'is too long'),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** Profile fields a user may change about themselves (`sys/user/edit_info`). */
export const editInfoRequestSchema = z.object({
  id: fields.id.optional(),
  realname: fields.realname.min(1, 'is required').optional(),
  avatar: fields.avatar.nullable().optional(),
  company: fields.company.nullable().optional(),
  address: fields.address.nullable().optional(),
  sex: fields.sex.nullable().optional(),
});
export type EditInfoRequest = z.infer<typeof editInfoRequestSchema>;

/**
 * What the sign-in page offers of outside sign-in (third-login.ts): the OAuth provider's name, and
 * the CAS server's address. Here rather than there, as third-login.ts's calls answer `loginResultSchema`.
 */
export const thirdLoginOffersSchema = z.object({ oauthName: text().nullable(), casUrl: text().nullable() });
export type ThirdLoginOffers = z.infer<typeof thirdLoginOffersSchema>;

/** Public settings the login page needs before anyone signs in. */
export const publicConfigSchema = z.object({
  platformName: text(),
  defaultRegion: z.enum(['HK', 'EUR']),
  regions: z.array(
    z.object({
      code: z.enum(['HK', 'EUR']),
      portalUrl: text(),
      appDownloadUrl: text(),
    }),
  ),
  links: z.object({
    homepage: text(),
    community: text(),
    video: text(),
    professional: text(),
    privacy: text(),
    terms: text(),
  }),
  /** Whether visitors may register accounts themselves (SIGNUP=open): the sign-in page links to it. */
  signupOpen: z.boolean(),
  /** Outside sign-in the page offers (OAuth2/OIDC by name, CAS by address); null where not configured. */
  thirdLogin: thirdLoginOffersSchema,
  /**
   * The station map (spec section 9): an OpenStreetMap-compatible tile URL ({z}/{x}/{y}) and a
   * Nominatim-compatible reverse geocoder; either empty means none (the map then shows no tiles,
   * and picking a point fills only latitude and longitude).
   */
  map: z.object({
    tileUrl: text(),
    attribution: text(),
    geocoderUrl: text(),
    defaultLat: z.number(),
    defaultLon: z.number(),
    defaultZoom: z.number().int(),
  }),
  /** Origins whose pages the console may show in its own frame (FRAME_SOURCES); others open in a new window. */
  frameSources: z.array(text()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Settings the login page needs before anyone signs in. */
export const systemEndpoints = {
  publicConfig: defineEndpoint({ method: 'GET', path: '/sys/public/config', result: publicConfigSchema }),
};

/** Sign-in and sign-out, the department to work in, and the own password. */
export const authEndpoints = {
  /** Sign in with user name and password. */
  login: defineEndpoint({ method: 'POST', path: '/sys/login', body: loginRequestSchema, result: loginResultSchema }),
  /** `login` under its public-API name. */
  publicLogin: defineEndpoint({ method: 'POST', path: '/sys/public_login', body: loginRequestSchema, result: loginResultSchema }),
  /** The device portal's sign-in: `login`, for accounts that may list loggers (403 otherwise). */
  neutralLogin: defineEndpoint({ method: 'POST', path: '/sys/neutral_login', body: loginRequestSchema, result: loginResultSchema }),
  /** `neutralLogin` under its public-API name. */
  publicNeutralLogin: defineEndpoint({ method: 'POST', path: '/sys/public_neutral_login', body: loginRequestSchema, result: loginResultSchema }),
  /** End this session. */
  logout: defineEndpoint({ method: 'POST', path: '/sys/logout', result: null }),
  /** Choose the department to work in. */
  selectDepart: defineEndpoint({ method: 'POST', path: '/sys/selectDepart', body: selectDepartRequestSchema, result: selectDepartResultSchema }),
  /** Where you may work: your departments (and the current one) and your active tenants. */
  workplaces: defineEndpoint({ method: 'GET', path: '/sys/user/getCurrentUserDeparts', result: workplacesSchema }),
  /**
   * A sign-in captcha picture for the key the console chose (JeecgBoot's login page: its
   * `checkKey`, sent back with the `captcha` it reads); the result is an image data address.
   */
  captchaImage: defineEndpoint({ method: 'GET', path: '/sys/randomImage/:key', params: captchaKeyParamsSchema, result: text() }),
  /** Change your own password; your other sessions end. */
  updatePassword: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/user/updatePassword', body: updatePasswordRequestSchema, result: null }),
};
