import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { type Language, type VerificationPurpose, ServerCode, verificationLimits, fillWordsIn, verificationMessages } from '@cellsight/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { Executor } from '../user/index.js';
import type { GuessCounter } from './guess-counter.js';
import type { VerificationCodeRow, VerificationRepository } from './verification.repository.js';

/** Where a code goes: a mobile number (SMS) or an e-mail address (mail). */
export interface CodeTarget {
  channel: 'sms' | 'mail';
  /** The mobile number, or the e-mail address (compared in lower case). */
  address: string;
}

interface Dependencies {
  codes: VerificationRepository;
  /** Guesses per code and requester address (`guess-counter.ts`). */
  guesses: GuessCounter;
  outbox: Pick<OutboxService, 'sendMail' | 'sendSms'>;
  platformName: string;
  now?: () => Date;
}

/** A code as kept: salted by its row's id. */
export const hashCode = (rowId: string, code: string): string => createHash('sha256').update(`${rowId}:${code}`).digest('hex');
export const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
export const normalizedAddress = (target: CodeTarget): string => (target.channel === 'mail' ? target.address.trim().toLowerCase() : target.address.trim());
const newCode = () => String(randomInt(0, 10 ** verificationLimits.codeLength)).padStart(verificationLimits.codeLength, '0');

const tooMany = (message: string) => new AppError(ServerCode.TOO_MANY_REQUESTS, message, 429);

/**
 * The one answer to every code that does not let the caller in: wrong, expired, replaced, never
 * sent, sent for another account or address, out of guesses at this address or at all. Telling
 * these apart would tell a stranger which addresses belong to which accounts.
 */
const refusedMessage = 'This code is wrong or no longer valid; check it or ask for a new one';
const refused = (field: string) => badRequest(ServerCode.VERIFICATION_CODE_INVALID, refusedMessage, [{ field, message: refusedMessage }]);
/** Compared and counted when there is no code (an id no row has), so a refusal costs the same work either way. */
const noCode = { id: '', codeHash: hashCode('', '') };

/**
 * Verification codes: six random digits, sent by SMS or mail through the outbox, kept only as a
 * salted hash, good for 10 minutes, and only the newest code of an address counts. Wrong guesses
 * are counted per requester address (5 at one code) and per code (20 from all addresses), so a
 * stranger spends their own guesses, not the owner's. Sending is limited per address, per account
 * and per IP (rows in the database, so the limits hold for every process).
 */
export const createVerificationService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());
  const spend = async (code: VerificationCodeRow, field: string, tx?: Executor): Promise<void> => {
    if (!(await deps.codes.spend(code.id, now(), tx))) throw badRequest(ServerCode.CODE_ALREADY_USED, 'This code was already used', [{ field, message: 'This code was already used' }]);
  };

  return {
    /**
     * Sends a new code for `purpose` to the target; answers how long until another may be asked for.
     * With `deliver: false` it is a stand-in for an address that gets nothing (a sign-in or reset
     * that matches no account): recorded and limited like a code, so the answers now and to the next
     * request are the same as for an address that has one, but sent nowhere and good for nothing.
     */
    async send(input: { purpose: VerificationPurpose; target: CodeTarget; userId: string | null; tenantId: number; ip: string | null; language: Language; deliver?: boolean }): Promise<{ resendAfterMs: number }> {
      const at = now();
      const target = normalizedAddress(input.target);
      const latest = await deps.codes.newest(input.purpose, target, new Date(at.getTime() - verificationLimits.resendAfterMs));
      if (latest) {
        const waitMs = latest.createTime.getTime() + verificationLimits.resendAfterMs - at.getTime();
        throw tooMany(`A code was just sent; ask again in ${Math.max(1, Math.ceil(waitMs / 1000))} second(s)`);
      }
      const asked = await deps.codes.askedSince(new Date(at.getTime() - 3_600_000), { target, userId: input.userId, ip: input.ip });
      if (asked.target >= verificationLimits.perTargetPerHour || asked.user >= verificationLimits.perTargetPerHour) throw tooMany('Too many codes for this address in the last hour; try again later');
      if (asked.ip >= verificationLimits.perAddressPerHour) throw tooMany('Too many codes asked for from your network in the last hour; try again later');

      const id = newId();
      const code = newCode();
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
      if (input.deliver !== false) {
        const words = verificationMessages[input.purpose];
        const values = { platform: deps.platformName, code, minutes: String(verificationLimits.codeLifetimeMs / 60_000) };
        const message = { to: input.target.address.trim(), subject: fillWordsIn(words.subject, values, input.language), text: fillWordsIn(words.body, values, input.language) };
        if (input.target.channel === 'sms') await deps.outbox.sendSms(input.tenantId, message, null);
        else await deps.outbox.sendMail(input.tenantId, message, null);
      }
      return { resendAfterMs: verificationLimits.resendAfterMs };
    },

    /**
     * The code sent to the target for `purpose` (and, with `account`, for that account: null when
     * none matches), if `code` is it and it may still be used; with `spend` it is used up at once
     * (else see `spend`). Every refusal is the same 4013 (`refused`), except 4015 for the right code
     * used already (which only its holder can present). `requester` is the client address whose
     * guesses are counted; `field` names the request field in the answer.
     */
    async check(input: { purpose: VerificationPurpose; target: CodeTarget; code: string; field: string; spend: boolean; requester: string | null; account?: string | null }): Promise<VerificationCodeRow> {
      const at = now();
      const target = normalizedAddress(input.target);
      const latest = await deps.codes.newest(input.purpose, target, new Date(at.getTime() - verificationLimits.codeLifetimeMs), input.account);
      const compared = latest ?? noCode;
      // A guess is counted before it is compared, so guesses sent at once cannot pass the limits,
      // and given back when right. Past its own limit an address no longer counts against the code.
      const key = `${compared.id || `${input.purpose}:${target}`}\u0000${input.requester ?? ''}`;
      const withinAddress = (await deps.guesses.add(key)) <= verificationLimits.guessesPerAddress;
      const withinCode = withinAddress && (await deps.codes.countGuess(compared.id, verificationLimits.guessesPerCode));
      const right = sameHash(compared.codeHash, hashCode(compared.id, input.code));
      const forAccount = input.account === undefined || (input.account !== null && latest?.userId === input.account);
      if (!latest || !right || !withinCode || latest.expiresAt <= at || !forAccount) throw refused(input.field);
      await Promise.all([deps.guesses.forget(key), deps.codes.returnGuess(latest.id)]);
      if (latest.usedAt) throw badRequest(ServerCode.CODE_ALREADY_USED, 'This code was already used', [{ field: input.field, message: 'This code was already used' }]);
      if (input.spend) await spend(latest, input.field);
      return latest;
    },

    /** Uses up a checked code, inside `tx` when given (so it is spent only if the change it allows is written); 4015 if a racing request spent it first. */
    spend,
  };
};

export type VerificationService = ReturnType<typeof createVerificationService>;
