import { z } from 'zod';
import { loginResultSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { fields } from './fields.js';
import type { Words } from './resource.js';
import { text } from './text.js';

/**
 * Verification codes and the self-service account calls that use them (spec sections 2, 4, 7, 8):
 * register, find password, change of mobile or e-mail (alteration) and phone sign-in. A code goes
 * to a mobile number by SMS or to an e-mail address by mail, and proves the caller holds it.
 */

/** What a code is for; `smsmode` on the wire (JeecgBoot: 0 login, 1 register, 2 forgot password; 3 is ours). */
export const verificationPurposes = { '0': 'login', '1': 'register', '2': 'reset', '3': 'alteration' } as const;
export type SmsMode = keyof typeof verificationPurposes;
export type VerificationPurpose = (typeof verificationPurposes)[SmsMode];

export const verificationLimits = {
  /** Six random digits. */
  codeLength: 6,
  /** A code is good for 10 minutes (JeecgBoot's 600 s). */
  codeLifetimeMs: 10 * 60_000,
  /**
   * Wrong guesses at one code from one requester address; beyond them that address is refused even
   * the right code, while the owner's address keeps its own five (a stranger cannot spend them).
   */
  guessesPerAddress: 5,
  /**
   * Wrong guesses at one code from all addresses together, after which it is spent for everyone: a
   * guesser spread over many addresses has at most 20 in a million per code, and with 5 codes per
   * address an hour (`perTargetPerHour`) at most 1 in 10,000 per hour of trying, each try a code the
   * owner receives (docs/architecture.md, "Verification codes").
   */
  guessesPerCode: 20,
  /** One code per address and purpose per minute (the send button counts down this long). */
  resendAfterMs: 60_000,
  /** Codes per address, and per account, per hour. */
  perTargetPerHour: 5,
  /** Codes asked for from one IP address per hour. */
  perAddressPerHour: 20,
} as const;

/**
 * Exactly one of `key` (a mobile number) and `email`: where the code went or goes. The key is the
 * call's own name (`mobile` for /sys/sms, `phone` elsewhere, as JeecgBoot names them).
 */
const oneContact = <Shape extends z.ZodRawShape, Key extends 'mobile' | 'phone'>(shape: Shape, key: Key) =>
  z
    .object({ ...shape, ...({ [key]: fields.mobile.optional() } as Record<Key, z.ZodOptional<typeof fields.mobile>>), email: fields.email.optional() })
    .strict()
    .superRefine((value, context) => {
      const record = value as Record<string, unknown>;
      const given = [record[key], record.email].filter((v) => v !== undefined && v !== '').length;
      if (given !== 1) context.addIssue({ code: 'custom', path: [key], message: given === 0 ? 'is required (or email)' : `give ${key} or email, not both` });
    });

const smscode = text({ error: 'is required' })
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits you received');

/** `POST /sys/sms`: send a code. For a password reset (`smsmode` 2) the account is named too. */
export const sendCodeRequestSchema = oneContact(
  {
    smsmode: z.enum(Object.keys(verificationPurposes) as [SmsMode, ...SmsMode[]], { error: 'must be 0 (sign-in), 1 (register), 2 (password reset) or 3 (change of mobile or e-mail)' }),
    username: text().trim().min(1, 'is required').max(64, 'is too long').optional(),
  },
  'mobile',
);
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

/** How long the send button waits before another code may be asked for (ms). */
export const sendCodeResultSchema = z.object({ resendAfterMs: z.number().int() });

/** `POST /sys/user/register`: a new end-user account, confirmed by the code sent to its mobile or e-mail. */
export const registerRequestSchema = oneContact(
  {
    username: fields.username,
    password: fields.password,
    confirmPassword: text({ error: 'is required' }).max(128, 'is too long'),
    smscode,
    /** The user code of the installer or distributor who invited the visitor (optional). */
    invite: text().trim().max(32, 'is too long').optional(),
  },
  'phone',
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const registerResultSchema = z.object({ username: text() });

/** `POST /sys/user/phoneVerification`: find password, step 2 — is this the code? (not spent yet). */
export const phoneVerificationRequestSchema = oneContact({ username: text({ error: 'is required' }).trim().min(1, 'is required').max(64), smscode }, 'phone');
export type PhoneVerificationRequest = z.infer<typeof phoneVerificationRequestSchema>;

/** `POST /sys/user/passwordChange`: find password, step 3 — the new password; the code is spent and every session ends. */
export const passwordChangeRequestSchema = oneContact(
  {
    username: text({ error: 'is required' }).trim().min(1, 'is required').max(64),
    smscode,
    password: fields.password,
    confirmPassword: text({ error: 'is required' }).max(128, 'is too long'),
  },
  'phone',
);
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

/** `POST /sys/user/alteration`: a new mobile or e-mail for an account, proven by its password and a code sent to the new one. */
export const alterationRequestSchema = oneContact({ username: text({ error: 'is required' }).trim().min(1, 'is required').max(64), password: fields.loginPassword, smscode }, 'phone');
export type AlterationRequest = z.infer<typeof alterationRequestSchema>;

/** `POST /sys/phoneLogin`: sign in with the code sent to the account's mobile. */
export const phoneLoginRequestSchema = z.object({ mobile: fields.mobile, captcha: smscode }).strict();
export type PhoneLoginRequest = z.infer<typeof phoneLoginRequestSchema>;

/** The public self-service calls: a code, register, find password, change of contact, phone sign-in. */
export const selfServiceEndpoints = {
  /** Send a 6-digit code by SMS or mail; the answer says how long before another may be asked for. */
  sendCode: defineEndpoint({ method: 'POST', path: '/sys/sms', body: sendCodeRequestSchema, result: sendCodeResultSchema }),
  /** Register an end-user account confirmed by the code. */
  register: defineEndpoint({ method: 'POST', path: '/sys/user/register', body: registerRequestSchema, result: registerResultSchema }),
  /** Find password, step 2: check the code (not spent yet). */
  verifyResetCode: defineEndpoint({ method: 'POST', path: '/sys/user/phoneVerification', body: phoneVerificationRequestSchema, result: registerResultSchema }),
  /** Find password, step 3: the new password; every session of the account ends. */
  resetPassword: defineEndpoint({ method: 'POST', path: '/sys/user/passwordChange', body: passwordChangeRequestSchema, result: null }),
  /** A new mobile or e-mail for an account, proven by its password and a code sent to the new one. */
  alterContact: defineEndpoint({ method: 'POST', path: '/sys/user/alteration', body: alterationRequestSchema, result: null }),
  /** Sign in with the code sent to the account's mobile; the answer is `/sys/login`'s. */
  phoneLogin: defineEndpoint({ method: 'POST', path: '/sys/phoneLogin', body: phoneLoginRequestSchema, result: loginResultSchema }),
};

/** The message that carries a code, per purpose, in the recipient's language. `{code}`, `{minutes}`, `{platform}` are filled in. */
export const verificationMessages: Record<VerificationPurpose, { subject: Words; body: Words }> = {
  login: {
    subject: ['{platform}: your sign-in code', '{platform}：登录验证码', '{platform}: Ihr Anmeldecode'],
    body: [
      'Your sign-in code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
      '您的登录验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本消息。',
      'Ihr Anmeldecode lautet {code}. Er gilt {minutes} Minuten. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
    ],
  },
  register: {
    subject: ['{platform}: confirm your registration', '{platform}：注册验证码', '{platform}: Registrierung bestätigen'],
    body: [
      'Your registration code is {code}. It is valid for {minutes} minutes. If you did not register, ignore this message.',
      '您的注册验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本消息。',
      'Ihr Registrierungscode lautet {code}. Er gilt {minutes} Minuten. Falls Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.',
    ],
  },
  reset: {
    subject: ['{platform}: reset your password', '{platform}：找回密码验证码', '{platform}: Passwort zurücksetzen'],
    body: [
      'Your code to set a new password is {code}. It is valid for {minutes} minutes. If you did not ask for it, your password stays as it is; ignore this message.',
      '您设置新密码的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，您的密码不会改变，请忽略本消息。',
      'Ihr Code für ein neues Passwort lautet {code}. Er gilt {minutes} Minuten. Falls Sie ihn nicht angefordert haben, bleibt Ihr Passwort unverändert; ignorieren Sie diese Nachricht.',
    ],
  },
  alteration: {
    subject: ['{platform}: confirm your new contact', '{platform}：更换手机号或邮箱验证码', '{platform}: neue Kontaktangabe bestätigen'],
    body: [
      'Your code to make this your account’s contact is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
      '您将此号码或邮箱设为账号联系方式的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本消息。',
      'Ihr Code, um dies als Kontakt Ihres Kontos einzutragen, lautet {code}. Er gilt {minutes} Minuten. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
    ],
  },
};

/**
 * Told to the old address after a change of contact, in the language of whoever changed it, so a
 * change the owner did not make does not go unnoticed. `{new}` is the new address, partly hidden.
 */
export const contactChangedMessage: { subject: Words; mobile: Words; email: Words } = {
  subject: ['{platform}: your contact details changed', '{platform}：您的联系方式已更改', '{platform}: Ihre Kontaktangaben wurden geändert'],
  mobile: [
    'The mobile number of your account {user} was changed to {new}. If you did not do this, contact your administrator at once.',
    '您的账号 {user} 的手机号已更改为 {new}。如非本人操作，请立即联系管理员。',
    'Die Mobilnummer Ihres Kontos {user} wurde in {new} geändert. Falls Sie das nicht waren, wenden Sie sich sofort an Ihren Administrator.',
  ],
  email: [
    'The e-mail address of your account {user} was changed to {new}. If you did not do this, contact your administrator at once.',
    '您的账号 {user} 的邮箱已更改为 {new}。如非本人操作，请立即联系管理员。',
    'Die E-Mail-Adresse Ihres Kontos {user} wurde in {new} geändert. Falls Sie das nicht waren, wenden Sie sich sofort an Ihren Administrator.',
  ],
};

/** An address with its middle hidden (138****0002, o***@example.com): enough to recognise, not to read off. */
export const maskedAddress = (address: string): string => {
  const at = address.indexOf('@');
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  return address.length > 7 ? `${address.slice(0, 3)}****${address.slice(-4)}` : '****';
};
