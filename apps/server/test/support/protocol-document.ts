import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Reads docs/device-protocol.md the way a firmware vendor does, so that tests can check the
 * platform against it: every JSON example (each announced by an `<!-- example: … -->` comment
 * saying what the platform does with it), the worked credential and signature examples, and the
 * CONNACK table. A JSON example without its comment, or an example the parser cannot read, fails
 * the suite: the document may not say something the tests do not check.
 */
export const protocolDocumentPath = fileURLToPath(new URL('../../../../docs/device-protocol.md', import.meta.url));

export interface DocumentExample {
  /** Line of the ```json fence, for failure messages. */
  line: number;
  /** What the example is: an uplink kind, `register` or `command`. */
  kind: string;
  /** `stored`, `stored-partly`, `refused`, `accepted` or `signed`. */
  outcome: string;
  /** The refusal reason (`refused invalid`) or what a partly stored message loses (`stored-partly foreign-battery`). */
  reason: string | null;
  /** One JSON value per example; a block of one JSON object per line gives several. */
  payloads: Record<string, unknown>[];
}

export interface CredentialExample {
  gsn: string;
  key: string;
  mqttPassword: string;
  signingKey: string;
}

export interface SignatureExample {
  fields: Record<string, unknown>;
  signingString: string;
  sign: string;
  /** The signing string and result of the openssl check under it. */
  opensslInput: string;
  opensslKey: string;
  opensslResult: string;
}

export interface ConnackRow {
  cause: string;
  /** MQTT 3.1.1 return code. */
  v4: number;
  /** MQTT 5 reason code; null where the document gives none. */
  v5: number | null;
}

export interface ProtocolDocument {
  text: string;
  examples: DocumentExample[];
  credentials: CredentialExample;
  signature: SignatureExample;
  connack: ConnackRow[];
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

const parseJsonBlock = (body: string, line: number): Record<string, unknown>[] => {
  const parse = (source: string) => {
    const value: unknown = JSON.parse(source);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`the JSON example at line ${line} is not an object`);
    return value as Record<string, unknown>;
  };
  try {
    return [parse(body)];
  } catch {
    return body
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map(parse);
  }
};

const must = <T>(value: T | null | undefined, what: string): T => {
  if (value === null || value === undefined) throw new Error(`docs/device-protocol.md: cannot find ${what}`);
  return value;
};

export function readProtocolDocument(text = readFileSync(protocolDocumentPath, 'utf8')): ProtocolDocument {
  const examples: DocumentExample[] = [];
  const fence = /```json\n([\s\S]*?)```/g;
  for (let match = fence.exec(text); match; match = fence.exec(text)) {
    const line = lineOf(text, match.index);
    const before = text.slice(0, match.index).trimEnd();
    const comment = /<!-- example: ([a-z-]+) ([a-z-]+)(?: ([a-z-]+))? -->$/.exec(before);
    if (!comment) throw new Error(`docs/device-protocol.md line ${line}: a JSON example without an "<!-- example: kind outcome -->" comment above it`);
    examples.push({ line, kind: must(comment[1], 'kind'), outcome: must(comment[2], 'outcome'), reason: comment[3] ?? null, payloads: parseJsonBlock(must(match[1], 'json'), line) });
  }

  const derived = [...text.matchAll(/echo -n '(mqtt|sign):([^']+)' \| openssl dgst -sha256 -hmac (\S+)\n([0-9a-f]{64})/g)];
  const mqtt = must(derived.find((d) => d[1] === 'mqtt'), 'the MQTT password example');
  const sign = must(derived.find((d) => d[1] === 'sign'), 'the signing key example');
  const credentials: CredentialExample = { gsn: must(mqtt[2], 'gsn'), key: must(mqtt[3], 'key'), mqttPassword: must(mqtt[4], 'password'), signingKey: must(sign[4], 'signing key') };
  if (sign[2] !== credentials.gsn || sign[3] !== credentials.key) throw new Error('the two credential examples use different loggers or keys');

  const worked = must(/fields {10}([\s\S]*?)\n\nsigning string {2}(.*)\n\nsign {12}([0-9a-f]{64})/.exec(text), 'the worked signature example');
  const fields: Record<string, unknown> = {};
  // "v=1, id=…, val={"eod":47,"socMin":15}, nonce=…": split on ", " followed by a field name and "=".
  for (const part of must(worked[1], 'fields').replace(/\s*\n\s*/g, ' ').split(/, (?=[a-zA-Z]+=)/)) {
    const at = part.indexOf('=');
    const name = part.slice(0, at);
    const value = part.slice(at + 1);
    fields[name] = /^\d+$/.test(value) ? Number(value) : value;
  }
  const openssl = must(/echo -n '([^']+)' \\\n\s*\| openssl dgst -sha256 -hmac (\S+)\nSHA2-256\(stdin\)= ([0-9a-f]{64})/.exec(text), 'the openssl signature check');

  const tableStart = must(/<!-- connack table[^>]*-->\n\n/.exec(text), 'the CONNACK table');
  const tableText = text.slice(tableStart.index + tableStart[0].length).split('\n\n')[0] ?? '';
  const code = (cell: string): number | null => {
    const hex = /0x([0-9a-f]{2})/i.exec(cell);
    return hex?.[1] ? Number.parseInt(hex[1], 16) : null;
  };
  const connack = tableText
    .split('\n')
    .slice(2)
    .map((row) => row.split('|').map((cell) => cell.trim()))
    .map((cells) => ({ cause: cells[1] ?? '', v4: must(code(cells[2] ?? ''), `a return code in the CONNACK row "${cells[1]}"`), v5: code(cells[3] ?? '') }));

  return {
    text,
    examples,
    credentials,
    signature: {
      fields,
      signingString: must(worked[2], 'signing string'),
      sign: must(worked[3], 'sign'),
      opensslInput: must(openssl[1], 'openssl input'),
      opensslKey: must(openssl[2], 'openssl key'),
      opensslResult: must(openssl[3], 'openssl result'),
    },
    connack,
  };
}

/** Moves every timestamp of an example (`ts`, `begin`, `end`, nested too) by `shiftMs`: the document's examples are dated 2026-01-01 and the platform refuses samples older than 400 days. */
export const shiftTimes = <T>(value: T, shiftMs: number): T => {
  if (Array.isArray(value)) return value.map((item: unknown) => shiftTimes(item, shiftMs)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, ['ts', 'begin', 'end'].includes(name) && typeof item === 'number' ? item + shiftMs : shiftTimes(item, shiftMs)]),
  ) as T;
};
