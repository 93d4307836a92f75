import { ServerCode } from '@cellsight/contract';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { newCaptchaCode, renderCaptcha } from './captcha-image.js';
import type { VerificationRepository } from './verification.repository.js';
import { hashCode, sameHash } from './verification.service.js';

/** How long a captcha picture may be answered (JeecgBoot's own: 60 s). */
export const captchaLifetimeMs = 60_000;
const purpose = 'captcha';

const wrongMessage = 'The characters do not match the picture, or it expired; enter the ones in the new picture';
const wrong = () => badRequest(ServerCode.VERIFICATION_CODE_WRONG, wrongMessage, [{ field: 'captcha', message: wrongMessage }]);

/**
 * The sign-in captcha of JeecgBoot's consoles: a picture per key the console chose (its
 * `checkKey`), kept as a salted hash in the verification codes (so every process knows it), good
 * for one answer within a minute, right or wrong.
 */
export const createCaptchaService = (deps: { codes: VerificationRepository; now?: () => Date; random?: () => number }) => {
  const now = deps.now ?? (() => new Date());
  return {
    /** A new picture for `key` (any earlier one of the key no longer counts: only the newest is read). */
    async issue(key: string, ip: string | null): Promise<string> {
      const at = now();
      await deps.codes.deleteExpired(purpose, at);
      const code = newCaptchaCode();
      const id = newId();
      await deps.codes.insert({ id, purpose, channel: 'image', target: key, codeHash: hashCode(id, code), ip, expiresAt: new Date(at.getTime() + captchaLifetimeMs) });
      return renderCaptcha(code, deps.random);
    },

    /** Refuses (4014, naming `captcha`) unless `answer` is the newest picture of `key`, unexpired and unanswered; spends it either way. */
    async check(key: string, answer: string): Promise<void> {
      const at = now();
      const row = await deps.codes.newest(purpose, key, new Date(at.getTime() - captchaLifetimeMs));
      if (!row || row.usedAt || row.expiresAt <= at) throw wrong();
      // One answer per picture: a guesser must fetch a new one for each try.
      const spent = await deps.codes.spend(row.id, at);
      if (!spent || !sameHash(row.codeHash, hashCode(row.id, answer.trim()))) throw wrong();
    },
  };
};

export type CaptchaService = ReturnType<typeof createCaptchaService>;
