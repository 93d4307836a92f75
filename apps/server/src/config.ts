import { resolve } from 'node:path';
import { z } from 'zod';
import { invalidAllowEntries } from './lib/destination-policy.js';
import { serverRoot } from './paths.js';

/**
 * The one validated config module: nothing else reads `process.env`. Tests build a config with
 * `loadConfig({...})` and pass it to `buildApp`, exactly as `server.ts` does.
 */
const repoRoot = resolve(serverRoot, '../..');

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'yes');

const configSchema = z.object({
  /** HTTP port of the console (API and web app). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database and uploads live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to use a PostgreSQL server; without it PGlite runs in-process under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Password of the `admin` account on first start; without it a random one is printed once. */
  ADMIN_PASSWORD: z.string().min(6).max(128).optional(),
  /** Seed demo accounts (one per role) with documented passwords. */
  DEMO: flag,
  PLATFORM_NAME: z.string().min(1).max(60).default('Cellsight'),
  DEFAULT_REGION: z.enum(['HK', 'EUR']).default('EUR'),
  REGION_HK_URL: z.string().default(''),
  REGION_EUR_URL: z.string().default(''),
  // Links and app downloads are shown only when configured: no dead links out of the box.
  APP_DOWNLOAD_HK_URL: z.string().default(''),
  APP_DOWNLOAD_EUR_URL: z.string().default(''),
  LINK_HOMEPAGE: z.string().default(''),
  LINK_COMMUNITY: z.string().default(''),
  LINK_VIDEO: z.string().default(''),
  LINK_PROFESSIONAL: z.string().default(''),
  LINK_PRIVACY: z.string().default(''),
  LINK_TERMS: z.string().default(''),
  /**
   * The station map: an OpenStreetMap-compatible tile URL with {z}, {x}, {y} (and optional {s}), and
   * a Nominatim-compatible reverse geocoder. 'none' turns either off; the console works without them.
   */
  MAP_TILE_URL: z.string().regex(/^(none|https?:\/\/\S+)$/, "MAP_TILE_URL must be an http(s) URL or 'none'").default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  MAP_GEOCODER_URL: z.string().regex(/^(none|https?:\/\/\S+)$/, "MAP_GEOCODER_URL must be an http(s) URL or 'none'").default('https://nominatim.openstreetmap.org/reverse'),
  /**
   * Sites the console may show inside its own frame (menu entries with an external address that open
   * inside the console, spec "iframe pages"): comma-separated origins such as https://grafana.example.org.
   * Unset: none; such an entry then offers to open in a new window instead.
   */
  FRAME_SOURCES: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9.*-]+(:\d{1,5})?$/i, 'FRAME_SOURCES must list http(s) origins (scheme, host and optional port), separated by commas')))
    .default([]),
  /**
   * Where loggers reach this platform over HTTP(S): the start of a firmware download address in an
   * upgrade command. Unset: the address the console itself was reached at.
   */
  PUBLIC_URL: z.string().regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'PUBLIC_URL must be an http(s) URL').optional(),
  /**
   * The SMTP server mail leaves through: smtp://user:password@host:587 or smtps://…:465. Unset: every
   * message is kept in the outbox (System → Outbox) for administrators to read.
   */
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  /** The sender of the platform's mail. */
  MAIL_FROM: z.string().min(3).max(200).default('Cellsight <no-reply@localhost>'),
  /**
   * The HTTP(S) SMS gateway: each text is POSTed to it as JSON `{ "to": "+86…", "text": "…" }`, with
   * `Authorization: Bearer <SMS_GATEWAY_TOKEN>` when a token is set. Unset: texts are kept in the outbox.
   */
  SMS_GATEWAY_URL: z.string().regex(/^https?:\/\/\S+$/, 'SMS_GATEWAY_URL must be an http(s) URL').optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).max(500).optional(),
  /**
   * Self-registration: `open` (anyone may register an end-user account) or `closed`. New accounts
   * go under the installer or distributor whose user code invited them, else under SIGNUP_INSTALLER.
   */
  SIGNUP: z.enum(['open', 'closed']).default('open'),
  /** User name of the installer new accounts go under when nobody invited them (with DEMO=1: the demo installer). */
  SIGNUP_INSTALLER: z.string().min(1).max(64).optional(),
  /**
   * User name of the distributor that takes over the installers and end users of a deleted account
   * when that account has no superior of its own (Members screen; unset: such a deletion is refused
   * while the account still has members).
   */
  MEMBER_DEFAULT_DISTRIBUTOR: z.string().min(1).max(64).optional(),
  /**
   * Sign-in through an outside OAuth2 / OpenID Connect provider (off unless all five are set): its
   * authorization, token and user-info endpoints, and this platform's client id and secret there.
   * The provider redirects back to <PUBLIC_URL>/boot/sys/thirdLogin/oauth/callback: PUBLIC_URL is
   * required with them (never the address a request came to, whose Host the caller chooses).
   */
  OAUTH_AUTHORIZE_URL: z.string().regex(/^https?:\/\/\S+$/, 'OAUTH_AUTHORIZE_URL must be an http(s) URL').optional(),
  OAUTH_TOKEN_URL: z.string().regex(/^https?:\/\/\S+$/, 'OAUTH_TOKEN_URL must be an http(s) URL').optional(),
  OAUTH_USERINFO_URL: z.string().regex(/^https?:\/\/\S+$/, 'OAUTH_USERINFO_URL must be an http(s) URL').optional(),
  OAUTH_CLIENT_ID: z.string().min(1).max(200).optional(),
  OAUTH_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  OAUTH_SCOPE: z.string().min(1).max(200).default('openid profile email'),
  /** The sign-in button's words ("Sign in with <OAUTH_NAME>"). */
  OAUTH_NAME: z.string().min(1).max(40).default('single sign-on'),
  /** A CAS server (https://cas.example.com/cas): its accounts sign in to console accounts of the same user name. Unset: no CAS. */
  CAS_URL: z.string().regex(/^https?:\/\/\S+$/, 'CAS_URL must be an http(s) URL').optional(),
  /** How often alarm mail is delivered (seconds): delays and escalations are whole minutes, so a minute is the usual. */
  ALARM_DELIVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Sign-in attempts allowed per IP address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** mqtt://… of an external broker (Mosquitto, EMQX); without it an embedded broker runs. */
  MQTT_URL: z
    .string()
    .regex(/^mqtts?:\/\//, 'MQTT_URL must start with mqtt:// or mqtts://')
    .optional(),
  /** Port of the embedded broker. */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().default('0.0.0.0'),
  /** The platform's own MQTT credentials on an external broker. */
  MQTT_USERNAME: z.string().max(128).optional(),
  MQTT_PASSWORD: z.string().max(256).optional(),
  /**
   * An account of Mosquitto's dynamic-security plugin (external broker only). With it the platform
   * keeps Mosquitto's logger accounts in step with its registry: created at registration, new
   * password at key rotation, every logger checked at start. Without it the broker's accounts are
   * provisioned by hand (docs/deploy/mosquitto.conf).
   */
  MQTT_DYNSEC_USERNAME: z.string().min(1).max(128).optional(),
  MQTT_DYNSEC_PASSWORD: z.string().min(1).max(256).optional(),
  /** Shared-subscription group on an external broker, so several server processes split the load. */
  MQTT_SHARE_GROUP: z.string().regex(/^[A-Za-z0-9_-]+$/).default('cellsight'),
  /**
   * Embedded broker: CONNECTs from one address (an IPv6 one by its /64) that may cost a registry
   * read and be refused, per minute and at once; beyond, its CONNECTs are refused with 0x03 until
   * the budget refills (docs/device-protocol.md section 2.2). Accepted CONNECTs do not count, so
   * loggers behind one NAT never use it up. 0 turns the limit off.
   */
  MQTT_FAILED_CONNECTS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /**
   * Samples written per database round trip, and the longest wait to fill a batch. Unset: 2000 on
   * a PostgreSQL server, 4000 on PGlite (one batch at a time there, so fewer, larger ones carry
   * more: 40,900 -> 45,400 samples/s in bench:ingest).
   */
  INGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(20_000).optional(),
  INGEST_LINGER_MS: z.coerce.number().int().min(0).max(5000).default(20),
  /** Samples held in memory before the broker is asked to wait (back-pressure). */
  INGEST_MAX_PENDING: z.coerce.number().int().min(100).max(1_000_000).default(50_000),
  /**
   * Batches written at once, each by its own connection; a logger's samples always take the same
   * one. Unset: 2. PGlite has one connection and runs one batch at a time, but with two the next
   * batch is encoded and waiting while its thread writes the one before.
   */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  /**
   * Threads that check and encode telemetry (JSON, the contract, COPY), leaving the main thread the
   * broker, the batches and HTTP; 0 decodes on the main thread. Unset: 1 with a PostgreSQL server,
   * 0 on PGlite, whose own thread already takes the second core.
   */
  INGEST_DECODE_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /**
   * Uplink messages one logger may send per minute, sustained, and at once (a replay after an
   * outage); beyond, its messages are dropped and reported (docs/device-protocol.md section 11).
   * A logger normally sends about 7 a minute. 0 turns the limit off.
   */
  DEVICE_MESSAGES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  DEVICE_MESSAGE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  /** Demo fleet size with DEMO=1: loggers, and batteries per logger. */
  DEMO_LOGGERS: z.coerce.number().int().min(0).max(1000).default(5),
  DEMO_BATTERIES: z.coerce.number().int().min(1).max(32).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** redis://[user:password@]host:6379[/db] (or rediss://): shown under System → Monitoring (INFO: memory, clients, ops/s). Unset: no Redis. */
  REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must be a redis:// or rediss:// URL').optional(),
  /**
   * Start of every Redis key and channel this platform uses, so several installations (or test runs)
   * can share one Redis. Processes of one installation must use the same prefix.
   */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'REDIS_PREFIX must be 1 to 64 letters, digits or : _ . -').default('cellsight:'),
  /**
   * The reverse proxies in front of the console, whose X-Forwarded-For is believed: comma-separated
   * addresses or CIDR ranges (127.0.0.1,10.0.0.0/8), or `true` for any. Unset: none, and behind a
   * proxy every sign-in counts against the proxy's own address.
   */
  TRUST_PROXY: z
    .string()
    .transform((value): boolean | string[] => (value === 'true' ? true : value.split(',').map((part) => part.trim()).filter(Boolean)))
    .pipe(z.union([z.literal(true), z.array(z.string().regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'TRUST_PROXY must be true or addresses/CIDR ranges separated by commas')).min(1)]))
    .optional(),
  /**
   * Uploaded files in an S3-compatible bucket instead of DATA_DIR/uploads:
   * s3://key:secret@host[:port]/bucket?region=eu-central-1&forcePathStyle=true (s3+http:// for a
   * server without TLS, such as a local MinIO). Files stored before stay where they are.
   */
  S3_URL: z.string().regex(/^s3(\+http)?:\/\/[^:@/\s]+:[^@/\s]+@[^/\s]+\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\?\S*)?$/, 'S3_URL must be s3://key:secret@host[:port]/bucket[?region=…&forcePathStyle=true]').optional(),
  /**
   * The key that encrypts stored secrets (data source passwords; AES-256-GCM with a key derived from it).
   * Unset: a random key kept in DATA_DIR/secret.key, made on first use; set it when several server
   * processes share one PostgreSQL database, and keep it: what it encrypted cannot be read without it.
   */
  SECRET_KEY: z.string().min(16, 'SECRET_KEY must be at least 16 characters').max(500).optional(),
  /**
   * Where else the platform may connect (gateway routes, webhooks, SMS gateway, OAuth, CAS, SMTP,
   * data sources): comma-separated addresses, CIDR ranges and host names that may be loopback,
   * private, link-local or otherwise non-public (127.0.0.1,10.0.0.0/8,fd00::/8,sms.internal).
   * Unset: public addresses only.
   */
  OUTBOUND_ALLOW: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .superRefine((entries, context) => {
      for (const entry of invalidAllowEntries(entries)) context.addIssue({ code: 'custom', message: `OUTBOUND_ALLOW: "${entry.slice(0, 60)}" is neither an address, a CIDR range nor a host name` });
    })
    .default([]),
  /** The longest an online report query may run (milliseconds). */
  REPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /**
   * Bearer token that GET /boot/metrics asks for (Prometheus `authorization: { credentials: … }`).
   * Unset: the metrics answer only callers on this machine (loopback, not through a proxy).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(500).optional(),
  /** How long a stopping server may take to finish requests and store queued telemetry before it exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** Built web app to serve at `/`; skipped when the folder does not exist. */
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
});

export class ConfigError extends Error {}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** S3_URL (already matched by its pattern) in the parts the S3 client takes. */
export function parseS3Url(value: string): S3Config {
  const url = new URL(value.replace(/^s3(\+http)?:/, (_, plain: string | undefined) => (plain ? 'http:' : 'https:')));
  const forcePathStyle = url.searchParams.get('forcePathStyle');
  return {
    endpoint: url.origin,
    bucket: url.pathname.replace(/^\/+|\/+$/g, ''),
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: forcePathStyle === 'true' || forcePathStyle === '1',
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and env files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if ((c.MQTT_DYNSEC_USERNAME === undefined) !== (c.MQTT_DYNSEC_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  MQTT_DYNSEC_USERNAME and MQTT_DYNSEC_PASSWORD: set both or neither');
  }
  if (c.MQTT_DYNSEC_USERNAME !== undefined && c.MQTT_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  MQTT_DYNSEC_USERNAME: needs MQTT_URL (the embedded broker checks loggers itself)');
  }
  const oauthKeys = ['OAUTH_AUTHORIZE_URL', 'OAUTH_TOKEN_URL', 'OAUTH_USERINFO_URL', 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET'] as const;
  const oauthSet = oauthKeys.filter((key) => c[key] !== undefined);
  if (oauthSet.length > 0 && oauthSet.length < oauthKeys.length) {
    throw new ConfigError(`Invalid configuration:\n  ${oauthKeys.filter((key) => c[key] === undefined).join(', ')}: set all of ${oauthKeys.join(', ')} or none`);
  }
  if (oauthSet.length > 0 && c.PUBLIC_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: needed with OAUTH_* (the provider sends the browser back to <PUBLIC_URL>/boot/sys/thirdLogin/oauth/callback)');
  }
  return toConfig(c);
}

/**
 * The settings in the shape the server reads them: each variable of `configSchema` once more, here,
 * and the type is what this returns (so no setting is written a third time as a hand-made type).
 */
function toConfig(c: z.output<typeof configSchema>) {
  const dataDir = resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    uploadDir: resolve(dataDir, 'uploads'),
    /** The firmware library's files. */
    firmwareDir: resolve(dataDir, 'firmware'),
    databaseUrl: c.DATABASE_URL,
    adminPassword: c.ADMIN_PASSWORD,
    demo: c.DEMO,
    platformName: c.PLATFORM_NAME,
    defaultRegion: c.DEFAULT_REGION,
    regions: [
      { code: 'HK' as const, portalUrl: c.REGION_HK_URL, appDownloadUrl: c.APP_DOWNLOAD_HK_URL },
      { code: 'EUR' as const, portalUrl: c.REGION_EUR_URL, appDownloadUrl: c.APP_DOWNLOAD_EUR_URL },
    ],
    links: {
      homepage: c.LINK_HOMEPAGE,
      community: c.LINK_COMMUNITY,
      video: c.LINK_VIDEO,
      professional: c.LINK_PROFESSIONAL,
      privacy: c.LINK_PRIVACY,
      terms: c.LINK_TERMS,
    },
    // Spec section 9: the map opens on 30.65699, 104.057641 at zoom 17 until a point is picked.
    map: {
      tileUrl: c.MAP_TILE_URL === 'none' ? '' : c.MAP_TILE_URL,
      attribution: c.MAP_ATTRIBUTION,
      geocoderUrl: c.MAP_GEOCODER_URL === 'none' ? '' : c.MAP_GEOCODER_URL,
      defaultLat: 30.65699,
      defaultLon: 104.057641,
      defaultZoom: 17,
    },
    /** Origins external menu pages may be framed from (FRAME_SOURCES). */
    frameSources: c.FRAME_SOURCES,
    smtp: { url: c.SMTP_URL ?? null, from: c.MAIL_FROM },
    sms: { gatewayUrl: c.SMS_GATEWAY_URL ?? null, token: c.SMS_GATEWAY_TOKEN ?? null },
    /** How often alarm notification delivery runs. */
    alarmDeliveryMs: c.ALARM_DELIVERY_SECONDS * 1000,
    signup: { open: c.SIGNUP === 'open', installer: c.SIGNUP_INSTALLER ?? (c.DEMO ? 'installer' : null) },
    thirdLogin: {
      oauth:
        c.OAUTH_AUTHORIZE_URL && c.OAUTH_TOKEN_URL && c.OAUTH_USERINFO_URL && c.OAUTH_CLIENT_ID && c.OAUTH_CLIENT_SECRET
          ? { authorizeUrl: c.OAUTH_AUTHORIZE_URL, tokenUrl: c.OAUTH_TOKEN_URL, userinfoUrl: c.OAUTH_USERINFO_URL, clientId: c.OAUTH_CLIENT_ID, clientSecret: c.OAUTH_CLIENT_SECRET, scope: c.OAUTH_SCOPE, name: c.OAUTH_NAME }
          : null,
      casUrl: c.CAS_URL?.replace(/\/+$/, '') ?? null,
    },
    /** The distributor (user name) that takes over a deleted account's members when nobody is above it. */
    members: { defaultDistributor: c.MEMBER_DEFAULT_DISTRIBUTOR ?? (c.DEMO ? 'distributor' : null) },
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    /**
     * The installation's address (PUBLIC_URL), the start of every link it sends out (ticket mail, a
     * firmware download in an upgrade command, the OAuth callback); null: it sends none of those.
     */
    publicUrl: c.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    mqtt: {
      /** External broker, or null for the embedded one. */
      url: c.MQTT_URL ?? null,
      port: c.MQTT_PORT,
      host: c.MQTT_HOST,
      username: c.MQTT_USERNAME,
      password: c.MQTT_PASSWORD,
      shareGroup: c.MQTT_SHARE_GROUP,
      /** Dynamic-security admin account on the external broker, or null when accounts are provisioned by hand. */
      dynsec: c.MQTT_DYNSEC_USERNAME && c.MQTT_DYNSEC_PASSWORD ? { username: c.MQTT_DYNSEC_USERNAME, password: c.MQTT_DYNSEC_PASSWORD } : null,
      /** Embedded broker: refused CONNECTs one address may cost per minute (0: no limit). */
      failedConnectsPerMinute: c.MQTT_FAILED_CONNECTS_PER_MINUTE,
    },
    ingest: { batchSize: c.INGEST_BATCH_SIZE ?? null, lingerMs: c.INGEST_LINGER_MS, maxPending: c.INGEST_MAX_PENDING, concurrency: c.INGEST_CONCURRENCY ?? null, decodeThreads: c.INGEST_DECODE_THREADS ?? null },
    /** Per-logger budget of uplink messages (messagesPerMinute 0: no limit). */
    deviceRateLimit: { messagesPerMinute: c.DEVICE_MESSAGES_PER_MINUTE, burst: c.DEVICE_MESSAGE_BURST },
    demoFleet: { loggers: c.DEMO_LOGGERS, batteriesPerLogger: c.DEMO_BATTERIES },
    /**
     * Redis (REDIS_URL), or null: System → Monitoring shows it, and with it several server processes
     * share live events, the sign-in rate limit and the failed sign-in waits (docs/architecture.md).
     */
    redisUrl: c.REDIS_URL ?? null,
    /** Start of every Redis key and channel (REDIS_PREFIX). */
    redisPrefix: c.REDIS_PREFIX,
    /** Fastify's trustProxy (TRUST_PROXY): which proxies' X-Forwarded-For gives the client address. */
    trustProxy: c.TRUST_PROXY ?? (false as boolean | string[]),
    /** Where new uploads go: an S3-compatible bucket (S3_URL), or null for the local upload directory. */
    s3: c.S3_URL ? parseS3Url(c.S3_URL) : null,
    logLevel: c.LOG_LEVEL,
    /** SECRET_KEY, or null for the key file under the data directory. */
    secretKey: c.SECRET_KEY ?? null,
    /** OUTBOUND_ALLOW: the non-public destinations outbound connections may reach (lib/destination-policy.ts). */
    outboundAllow: c.OUTBOUND_ALLOW,
    /** Online reports: the statement timeout of a report query. */
    reports: { timeoutMs: c.REPORT_TIMEOUT_MS },
    /** METRICS_TOKEN, or null: /boot/metrics then answers loopback callers only. */
    metricsToken: c.METRICS_TOKEN ?? null,
    /** The longest a graceful shutdown may take before the process exits. */
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    webDist: resolve(c.WEB_DIST),
  };
}

export type Config = ReturnType<typeof toConfig>;
