import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { type Language, type VerificationPurpose, ServerCode, verificationLimits, fillWordsIn, verificationMessages } from '@cellsight/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { Executor } from '../user/user.repository.js';
import type { VerificationCodeRow, VerificationRepository } from './verification.repository.js';

/** Where a code goes: a mobile number (SMS) or an e-mail address (mail). */
export interface CodeTarget {
  channel: 'sms' | 'mail';
  /** The mobile number, or the e-mail address (compared in lower case). */
  address: string;
}

interface Dependencies {
  codes: VerificationRepository;
  outbox: Pick<OutboxService, 'sendMail' | 'sendSms'>;
  platformName: string;
  now?: () => Date;
}

const hashCode = (rowId: string, code: string): string => createHash('sha256').update(`${rowId}:${code}`).digest('hex');
const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
export const normalizedAddress = (target: CodeTarget): string => (target.channel === 'mail' ? target.address.trim().toLowerCase() : target.address.trim());

const tooMany = (message: string) => new AppError(ServerCode.TOO_MANY_REQUESTS, message, 429);

/**
 * Verification codes: six random digits, sent by SMS or mail through the outbox, kept only as a
 * salted hash, good for 10 minutes and five guesses, and only the newest code of an address counts.
 * Sending is limited per address, per account and per IP (rows in the database, so the limits hold
 * for every process).
 */
export const createVerificationService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());
  const spend = async (code: VerificationCodeRow, field: string, tx?: Executor): Promise<void> => {
    if (!(await deps.codes.spend(code.id, now(), tx))) throw badRequest(ServerCode.CODE_ALREADY_USED, 'This code was already used', [{ field, message: 'This code was already used' }]);
  };

  return {
    /** Sends a new code for `purpose` to the target; answers how long until another may be asked for. */
    async send(input: { purpose: VerificationPurpose; target: CodeTarget; userId: string | null; tenantId: number; ip: string | null; language: Language }): Promise<{ resendAfterMs: number }> {
      const at = now();
      const target = normalizedAddress(input.target);
      const [latest] = await deps.codes.recent(input.purpose, target, new Date(at.getTime() - verificationLimits.resendAfterMs));
      if (latest) {
        const waitMs = latest.createTime.getTime() + verificationLimits.resendAfterMs - at.getTime();
        throw tooMany(`A code was just sent; ask again in ${Math.max(1, Math.ceil(waitMs / 1000))} second(s)`);
      }
      const asked = await deps.codes.askedSince(new Date(at.getTime() - 3_600_000), { target, userId: input.userId, ip: input.ip });
      if (asked.target >= verificationLimits.perTargetPerHour || asked.user >= verificationLimits.perTargetPerHour) throw tooMany('Too many codes for this address in the last hour; try again later');
      if (asked.ip >= verificationLimits.perAddressPerHour) throw tooMany('Too many codes asked for from your network in the last hour; try again later');

      const id = newId();
      const code = String(randomInt(0, 10 ** verificationLimits.codeLength)).padStart(verificationLimits.codeLength, '0');
      await deps.codes.insert({
        id,
        purpose: input.purpose,
        channel: input.target.channel,
        target,
        userId: input.userId,
        codeHash: hashCode(id, code),
        ip: input.ip?.slice(0, 64) ?? null,
        expiresAt: new Date(at.getTime() + verificationLimits.codeLifetimeMs),
      });
      const words = verificationMessages[input.purpose];
      const values = { platform: deps.platformName, code, minutes: String(verificationLimits.codeLifetimeMs / 60_000) };
      const message = { to: input.target.address.trim(), subject: fillWordsIn(words.subject, values, input.language), text: fillWordsIn(words.body, values, input.language) };
      if (input.target.channel === 'sms') await deps.outbox.sendSms(input.tenantId, message, null);
      else await deps.outbox.sendMail(input.tenantId, message, null);
      return { resendAfterMs: verificationLimits.resendAfterMs };
    },

    /**
     * The code sent to the target for `purpose`, if `code` is it and it may still be used; with
     * `spend` it is used up at once (else see `spend`). Refusals: 4013 no usable code (expired,
     * replaced, out of guesses: ask for a new one), 4014 wrong code, 4015 already used. `field`
     * names the request field in the answer.
     */
    async check(input: { purpose: VerificationPurpose; target: CodeTarget; code: string; field: string; spend: boolean }): Promise<VerificationCodeRow> {
      const at = now();
      const rows = await deps.codes.recent(input.purpose, normalizedAddress(input.target), new Date(at.getTime() - 24 * 3_600_000));
      const refuse = (code: number, message: string) => badRequest(code, message, [{ field: input.field, message }]);
      const invalid = () => refuse(ServerCode.VERIFICATION_CODE_INVALID, 'This code is no longer valid; ask for a new one');
      const matched = rows.find((row) => sameHash(row.codeHash, hashCode(row.id, input.code)));
      if (!matched) {
        const latest = rows[0];
        if (!latest || latest.usedAt || latest.expiresAt <= at || latest.attempts >= verificationLimits.attemptsMax) throw invalid();
        await deps.codes.addAttempt(latest.id);
        const left = verificationLimits.attemptsMax - latest.attempts - 1;
        if (left <= 0) throw invalid();
        throw refuse(ServerCode.VERIFICATION_CODE_WRONG, `This is not the code that was sent; ${left} attempt(s) left`);
      }
      if (matched.usedAt) throw refuse(ServerCode.CODE_ALREADY_USED, 'This code was already used');
      if (matched !== rows[0] || matched.expiresAt <= at || matched.attempts >= verificationLimits.attemptsMax) throw invalid();
      if (input.spend) await spend(matched, input.field);
      return matched;
    },

    /** Uses up a checked code, inside `tx` when given (so it is spent only if the change it allows is written); 4015 if a racing request spent it first. */
    spend,
  };
};

export type VerificationService = ReturnType<typeof createVerificationService>;
