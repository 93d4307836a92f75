import { createHash } from 'node:crypto';
import { type FirmwareChoice, type FirmwareDeviceType, type FirmwareUpload, type UpgradeTarget, firmwareLinkLifetimeMs, firmwareResource } from '@cellsight/contract';
import { firmwareLinkSignature, loggerSigningKey, sameSecret } from '@cellsight/contract/device-crypto';
import { uniqueViolation } from '../../db/database-errors.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createResourceService } from '../../kit/resource-service.js';
import { checkUploadContent } from '../../kit/upload-content.js';
import type { DictService } from '../dict/dict.service.js';
import type { LoggerIdentity } from '../logger/index.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import type { FirmwareRepository } from './firmware.repository.js';

interface Dependencies {
  firmware: FirmwareRepository;
  tenants: TenantMembershipRepository;
  dicts: DictService;
  /** A logger by serial number, whoever asks (the download is authorised by its signature, not a session). */
  findLogger: (gsn: string) => Promise<LoggerIdentity | null>;
  now?: () => Date;
}

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * The firmware library: administrators upload files (checked against the checksum they give), an
 * upgrade command from the console names one, and the logger downloads it from the platform through
 * an address signed with its own key that expires after an hour.
 */
export const createFirmwareService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());
  const kit = createResourceService({ resource: firmwareResource, ...deps.firmware.screen, dicts: deps.dicts });

  return {
    ...kit,

    /** Where the files are (`reply.sendFile` serves a download from there). */
    root: deps.firmware.root,

    /** Whether the tenant's library holds this version for the kind of device already. */
    versionTaken: (tenantId: number, deviceType: FirmwareDeviceType, version: string): Promise<boolean> => deps.firmware.versionTaken(tenantId, deviceType, version),

    /** Stores an uploaded file for the caller's tenant; answers the new id. */
    async upload(auth: AuthContext, fields: FirmwareUpload, file: { data: Buffer; fileName: string }): Promise<string> {
      // Any binary, never markup: the file is only ever served as a download (application/octet-stream).
      await checkUploadContent('firmware', file.fileName, file.data);
      if (sha256Of(file.data) !== fields.sha256) throw invalidField('sha256', 'does not match the file: it may have been damaged on the way; check the file and its checksum');
      const tenantId = auth.tenantId || (await deps.tenants.activeForUser(auth.userId))[0]?.id;
      if (!tenantId) throw invalidField('tenant-id', 'you belong to no tenant to keep firmware for');
      const taken = () => invalidField('version', `already exists for the ${fields.deviceType}`);
      if (await deps.firmware.versionTaken(tenantId, fields.deviceType, fields.version)) throw taken();
      const id = newId();
      const fileName = file.fileName.slice(-100) || `${fields.version}.bin`;
      try {
        await deps.firmware.store(
          { id, tenantId, version: fields.version, deviceType: fields.deviceType, fileName, size: file.data.length, sha256: fields.sha256, remark: fields.remark ?? null, createBy: auth.username },
          file.data,
        );
      } catch (error) {
        // Two uploads of one version at once: the unique index decides.
        if (uniqueViolation(error, 'tb_firmware_version_key')) throw taken();
        throw error;
      }
      return id;
    },

    /** What an upgrade of this kind of device may install, for anyone who may send upgrades (the library itself is the administrators'). */
    async choices(auth: AuthContext, deviceType: FirmwareDeviceType): Promise<FirmwareChoice[]> {
      const rows = await deps.firmware.choices(deviceType, auth);
      return rows.map((row) => ({ ...row, createTime: row.createTime.toISOString() }));
    },

    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      const removed = await deps.firmware.remove([...new Set(ids)], auth);
      if (removed.length === 0) throw notFound('Firmware');
    },

    /**
     * The upgrade target of a command: a file of the logger's tenant for the kind of device upgraded
     * (a battery when `batterySn` is given, else the logger), at an address only that logger can use.
     */
    async upgradeTarget(logger: LoggerIdentity, batterySn: string | null, firmwareId: string, baseUrl: string): Promise<UpgradeTarget> {
      const row = logger.tenantId === null ? null : await deps.firmware.findOfTenant(firmwareId, logger.tenantId);
      if (!row) throw notFound(`firmware ${firmwareId}`, 'val.firmwareId');
      const deviceType = batterySn ? 'battery' : 'logger';
      if (row.deviceType !== deviceType) throw invalidField('val.firmwareId', `is firmware for a ${row.deviceType}, not for a ${deviceType}`);
      const expires = now().getTime() + firmwareLinkLifetimeMs;
      const sig = firmwareLinkSignature(loggerSigningKey(logger.gsn, logger.registrationKey), row.id, logger.gsn, expires);
      const query = new URLSearchParams({ gsn: logger.gsn, expires: String(expires), sig });
      return { version: row.version, url: `${baseUrl.replace(/\/+$/, '')}/boot/want/firmware/download/${row.id}?${query.toString()}`, size: row.size, sha256: row.sha256 };
    },

    /** The file a signed download address names, or 404 for any fault (unknown, expired, wrong signature, another tenant's file). */
    async download(firmwareId: string, query: { gsn: string; expires: number; sig: string }): Promise<{ fileName: string; downloadName: string; size: number }> {
      const refused = () => notFound('Firmware');
      if (query.expires < now().getTime()) throw refused();
      const logger = await deps.findLogger(query.gsn);
      if (!logger || logger.tenantId === null) throw refused();
      const expected = firmwareLinkSignature(loggerSigningKey(logger.gsn, logger.registrationKey), firmwareId, logger.gsn, query.expires);
      if (!sameSecret(expected, query.sig)) throw refused();
      const row = await deps.firmware.findOfTenant(firmwareId, logger.tenantId);
      if (!row) throw refused();
      return { fileName: deps.firmware.fileNameOf(row.id), downloadName: row.fileName, size: row.size };
    },
  };
};

export type FirmwareService = ReturnType<typeof createFirmwareService>;
