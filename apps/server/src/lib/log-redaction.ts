/**
 * Secrets that must never reach a log line or a stored request address: session tokens, one-time
 * sign-in tickets, OAuth codes, passwords in connection URLs. Every log line passes through
 * `redactSecrets` (pino's `streamWrite` hook, `app.ts`), whatever wrote it: Fastify's request lines,
 * its "route not found" message, an error's message and stack, a module's own warning.
 */

const redacted = '[redacted]';

/**
 * Query or form parameters whose value is a credential, wherever they appear (`?token=…`, `&ticket=…`,
 * and URL-encoded inside another parameter: `%3Ftoken%3D…`).
 */
const secretParameter =
  /(?:(?<![A-Za-z0-9_-])|(?<=%3F|%26))((?:token|access_token|accesstoken|x-access-token|thirdtoken|ticket|refresh_token|id_token|client_secret|password)(?:=|%3D))[^&#\s"'\\<>]+/gi;

/** The one-time ticket of an outside sign-in travels in the path: `/sys/thirdLogin/getLoginUser/{ticket}/oauth`. */
const ticketInPath = /(\/getLoginUser\/)[^/?#\s"'\\]+/gi;

/** The provider's authorisation code and the round trip's state, on the OAuth callback's address. */
const oauthCallback = /(\/thirdLogin\/oauth\/callback\?)([^\s"'\\#]*)/gi;
const oauthCallbackSecret = /(^|&)((?:code|state)=)[^&]*/gi;

/** Header values in anything that dumps headers as JSON (`"x-access-token":"…"`). */
const secretHeader = /("(?:x-access-token|authorization|sec-websocket-protocol|cookie|set-cookie)"\s*:\s*")(?:[^"\\]|\\.)*"/gi;

/** `Authorization: Bearer …` written out as text. */
const bearer = /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/g;

/** The password of a connection URL (`mqtt://user:password@host`, `postgres://…`, `smtp://…`). */
const urlPassword = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"'\\]*:)[^\s/@"'\\]+@/gi;

/** The text with every credential it carries replaced by `[redacted]`. */
export const redactSecrets = (text: string): string =>
  text
    .replace(secretParameter, `$1${redacted}`)
    .replace(ticketInPath, `$1${redacted}`)
    .replace(oauthCallback, (_whole, path: string, query: string) => path + query.replace(oauthCallbackSecret, `$1$2${redacted}`))
    .replace(secretHeader, `$1${redacted}"`)
    .replace(bearer, `$1${redacted}`)
    .replace(urlPassword, `$1${redacted}@`);
