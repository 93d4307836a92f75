/**
 * Validation patterns and limits of spec section 5. Both sides use them: the server through the
 * zod field schemas below (messages in English, naming the rule), the web forms through the
 * patterns plus the i18n key in `messageKey` (`validation.<key>` in every locale).
 */
export const patterns = {
  /** 11 digits, starting 1, second digit 3, 4, 5, 7 or 8. */
  mobile: /^1[34578]\d{9}$/,
  /** The looser mobile pattern (second digit 3-9), used by table cells ("m"). */
  mobileLoose: /^1[3-9]\d{9}$/,
  /** Letters, digits and underscore, 4 to 18 characters (the old message says 6 to 18). */
  username: /^[A-Za-z0-9_]{4,18}$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  naturalNumber: /^(0|[1-9]\d*)$/,
  englishLetters: /^[A-Za-z]+$/,
  landline: /^(\d{3,4}-)?\d{7,8}$/,
  bankCard: /^[1-9]\d{9,19}$/,
  idNumber: /^[A-Za-z0-9]{1,50}$/,
  chineseNationalId: /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  qq: /^[1-9]\d{4,11}$/,
  url: /^https?:\/\/\S+$/,
  alphanumeric20: /^[A-Za-z0-9]{1,20}$/,
  name2to100: /^[\u4e00-\u9fa5A-Za-z ]{2,100}$/,
  digitsAndLineBreaks: /^[\d\r\n]*$/,
  postalCode: /^[1-9]\d{5}$/,
  /**
   * Passwords: 6 to 20 printable characters (no control characters). The spec's "letters or
   * digits" is the console's minimum, not a reason to refuse a stronger password (JeecgBoot's own
   * console demands a special character).
   */
  password: /^\P{C}{6,20}$/u,
} as const;

export const limits = {
  passwordMin: 6,
  passwordMax: 20,
  usernameMin: 4,
  usernameMax: 18,
  realnameMax: 50,
  companyMax: 100,
  addressMax: 255,
  textMax: 255,
  imageMaxBytes: 2 * 1024 * 1024,
  imageNameMax: 100,
  fileMaxBytes: 20 * 1024 * 1024,
  pageSizeDefault: 10,
  pageSizeMax: 1000,
  pageSizeOptions: [10, 20, 30] as const,
  /** Tables inside picker dialogs (spec section 9: page size 5, options 5/10/20/30). */
  pickerPageSize: 5,
  pickerPageSizeOptions: [5, 10, 20, 30] as const,
  /** Dialog widths in pixels (spec section 9). */
  modalWidths: {
    userPicker: 1200,
    popup: 1200,
    picker: 900,
    userByDepartment: 1250,
    department: 500,
    advancedQuery: 1000,
  },
  /** Wrong passwords for one user name from one address after which each further attempt must wait. */
  loginFailuresBeforeWait: 5,
  /** That wait: 30 s after the fifth failure, doubling with each further one, at most 15 minutes. */
  loginDelayBaseMs: 30_000,
  loginDelayMaxMs: 15 * 60_000,
  sessionLifetimeMs: 604_800_000,
  requestTimeoutMs: 9000,
  /** Uploads one user may store per 24 hours (avatars and other files together). */
  uploadsPerDayMax: 100,
  uploadBytesPerDayMax: 200 * 1024 * 1024,
  /** Loggers entered at once in a form (spec section 9: logger rows 32). */
  loggerRowsMax: 32,
  loggerKeyMin: 8,
  loggerKeyMax: 64,
  /** Stations (spec sections 5 and 9). */
  stationNameMin: 5,
  stationNameMax: 32,
  subStationsMax: 10,
  /** Loggers in one spreadsheet import. */
  loggerImportMax: 64,
} as const;

/** Where /sys/common/upload stores a file, as it answers it: `<biz>/<yyyymmdd>/<32 hex>.<ext>`. */
export const uploadPathPattern = /^(avatar|jeditor|station|temp|ticket)\/\d{8}\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;
/** An uploaded avatar image: the only value an avatar field takes, so no other address reaches an `<img src>`. */
export const avatarPathPattern = /^avatar\/\d{8}\/[0-9a-f]{32}\.(jpg|png)$/;
/** An uploaded station image (`biz=station`: JPG or PNG under 2 MB). */
export const stationImagePathPattern = /^station\/\d{8}\/[0-9a-f]{32}\.(jpg|png)$/;

/** Image uploads: JPEG or PNG by content, under 2 MB. */
export const imageMimeTypes = ['image/jpeg', 'image/png'] as const;

/** i18n keys (under `validation.`) for each rule, so forms and server speak alike. */
export const validationMessageKey = {
  required: 'required',
  mobileRequired: 'mobileRequired',
  mobile: 'mobile',
  usernameRequired: 'usernameRequired',
  username: 'username',
  email: 'email',
  passwordOldRequired: 'passwordOldRequired',
  passwordNewRequired: 'passwordNewRequired',
  passwordConfirmRequired: 'passwordConfirmRequired',
  passwordMismatch: 'passwordMismatch',
  password: 'password',
  passwordStrength: 'passwordStrength',
  naturalNumber: 'naturalNumber',
  englishLetters: 'englishLetters',
  landline: 'landline',
  bankCard: 'bankCard',
  chineseNationalId: 'chineseNationalId',
  url: 'url',
  minLength: 'minLength',
  maxLength: 'maxLength',
} as const;

/**
 * Password strength beyond the pattern: at least one letter and one digit, so "123456" and
 * "abcdef" are refused ("sufficient strength", spec section 5).
 */
export const isStrongPassword = (value: string): boolean =>
  patterns.password.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);

/** Splits a comma-joined id list, dropping empties (the wire sometimes ends lists with a comma). */
export const splitIds = (list: string | null | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
