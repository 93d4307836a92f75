#!/usr/bin/env node
// Writes the dynamic-security plugin's file for a new Mosquitto (deploy/compose.yaml, service
// mosquitto-init), what docs/deploy/mosquitto.conf (Option A) otherwise has an operator do by hand
// with mosquitto_ctrl: the dynsec admin account Cellsight manages logger accounts with, the
// platform's account with its role (the shared subscription, reading uplinks, sending commands),
// and default deny for everyone else. An existing file is left alone.
//
//   node deploy/mosquitto/dynsec-init.mjs <file>
//   env: MQTT_USERNAME, MQTT_PASSWORD, MQTT_DYNSEC_USERNAME, MQTT_DYNSEC_PASSWORD, MQTT_SHARE_GROUP,
//        DYNSEC_FILE_OWNER (uid:gid of the broker, which rewrites the file)
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const file = process.argv[2];
const env = process.env;
if (!file) {
  process.stderr.write('Usage: node dynsec-init.mjs <dynamic-security.json>\n');
  process.exit(2);
}
if (existsSync(file)) {
  process.stdout.write(`${file} exists: the broker's accounts are kept as they are\n`);
  process.exit(0);
}
for (const name of ['MQTT_USERNAME', 'MQTT_PASSWORD', 'MQTT_DYNSEC_USERNAME', 'MQTT_DYNSEC_PASSWORD']) {
  if (!env[name]) {
    process.stderr.write(`${name} is not set\n`);
    process.exit(1);
  }
}
const group = env.MQTT_SHARE_GROUP || 'cellsight';

/** A client as the plugin stores it: PBKDF2-SHA512 of the password, with its salt and iterations. */
const client = (username, password, roles) => {
  const salt = randomBytes(12);
  const iterations = 101;
  return {
    username,
    salt: salt.toString('base64'),
    iterations,
    password: pbkdf2Sync(password, salt, iterations, 64, 'sha512').toString('base64'),
    roles: roles.map((rolename) => ({ rolename })),
  };
};

const config = {
  clients: [client(env.MQTT_DYNSEC_USERNAME, env.MQTT_DYNSEC_PASSWORD, ['dynsec-admin']), client(env.MQTT_USERNAME, env.MQTT_PASSWORD, ['cellsight-platform'])],
  roles: [
    {
      rolename: 'dynsec-admin',
      acls: [
        { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
        { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
        { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
      ],
    },
    {
      rolename: 'cellsight-platform',
      acls: [
        { acltype: 'subscribePattern', topic: `$share/${group}/cs/v1/+/+`, allow: true },
        { acltype: 'publishClientReceive', topic: 'cs/v1/+/+', allow: true },
        { acltype: 'publishClientSend', topic: 'cs/v1/+/cmd', allow: true },
      ],
    },
  ],
  defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
};

mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
if (env.DYNSEC_FILE_OWNER) {
  const [uid, gid] = env.DYNSEC_FILE_OWNER.split(':').map(Number);
  chownSync(file, uid, gid ?? uid);
  chownSync(dirname(file), uid, gid ?? uid);
}
process.stdout.write(`wrote ${file}: accounts ${env.MQTT_DYNSEC_USERNAME} (dynsec admin) and ${env.MQTT_USERNAME} (platform)\n`);
