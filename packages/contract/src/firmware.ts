import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource } from './resource.js';
import { text } from './text.js';

/** What a firmware file is for: the logger (gateway) itself, or a battery's BMS. */
export const firmwareDeviceTypes = ['logger', 'battery'] as const;
export type FirmwareDeviceType = (typeof firmwareDeviceTypes)[number];

/** A firmware version as loggers report it (`firmware`, `swVersion`: at most 32 characters). */
export const firmwareVersionSchema = text({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(32, 'must be at most 32 characters')
  .regex(/^[A-Za-z0-9._+-]+$/, 'may hold only letters, digits and . _ + -');

/**
 * The form fields of an upload (multipart, beside the `file` part). The checksum is the uploader's
 * own: the server computes the file's SHA-256 and refuses the upload when they differ, so a file
 * damaged on the way never reaches a logger.
 */
export const firmwareUploadSchema = z.object({
  version: firmwareVersionSchema,
  deviceType: z.enum(firmwareDeviceTypes, { error: `must be one of ${firmwareDeviceTypes.join(', ')}` }),
  sha256: text({ error: 'is required' })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'must be the file’s SHA-256 as 64 hex characters'),
  remark: text().trim().max(256, 'must be at most 256 characters').optional(),
});
export type FirmwareUpload = z.infer<typeof firmwareUploadSchema>;

/** The value of an upgrade command sent from the console: a file of the library (the server fills in its address, size and checksum). */
export const firmwareUpgradeSchema = z.object({ firmwareId: text().min(1, 'is required').max(32) }).strict();

/** The files an upgrade may name, for whoever may send upgrades (`GET /want/firmware/versions`): newest first. */
export const firmwareVersionsQuerySchema = z.object({ deviceType: z.enum(firmwareDeviceTypes, { error: `must be one of ${firmwareDeviceTypes.join(', ')}` }) });
export const firmwareChoiceSchema = z.object({ id: text(), version: text(), size: z.number().int(), remark: text().nullable(), createTime: text() });
export type FirmwareChoice = z.infer<typeof firmwareChoiceSchema>;

/** How long the download address in an upgrade command stays valid. */
export const firmwareLinkLifetimeMs = 60 * 60 * 1000;

/** The signed download of a firmware file by a logger (device protocol section 10). */
export const firmwareDownloadQuerySchema = z.object({
  gsn: text().min(1).max(32),
  expires: z.coerce.number().int().positive(),
  sig: text().regex(/^[0-9a-f]{64}$/, 'must be 64 hex characters'),
});

/** The firmware library (System → Firmware): administrators upload, list and delete files. */
export const firmwareResource = defineResource({
  path: '/want/firmware',
  tenancy: 'tenant',
  table: 'tb_firmware',
  title: ['Firmware', '固件库', 'Firmware'],
  recordName: ['firmware', '固件', 'Firmware'],
  record: z.object({
    id: text(),
    version: text(),
    deviceType: z.enum(firmwareDeviceTypes),
    fileName: text(),
    size: z.number().int(),
    sha256: text(),
    remark: text().nullable(),
    ...auditFields,
  }),
  columns: {
    version: { type: 'text' },
    deviceType: { type: 'text' },
    fileName: { type: 'text' },
    size: { type: 'number' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  // Files arrive by upload (`POST {path}/upload`, Permission.FirmwareAdd), not by the kit's add form.
  permissions: { list: Permission.FirmwareList, delete: Permission.FirmwareDelete },
  labels: {
    version: ['Version', '版本', 'Version'],
    deviceType: ['For', '适用设备', 'Für'],
    fileName: ['File', '文件', 'Datei'],
    size: ['Size', '大小', 'Größe'],
    sha256: ['SHA-256', 'SHA-256', 'SHA-256'],
    remark: ['Remark', '备注', 'Bemerkung'],
    ...auditLabels,
  },
  sheet: ['version', 'deviceType', 'fileName', 'size', 'sha256', 'remark', 'createBy', 'createTime'],
});
export type FirmwareRecord = z.infer<typeof firmwareResource.record>;

export const firmwareEndpoints = {
  /** The files an upgrade of a logger or a battery may install, newest first. */
  versions: defineEndpoint({ method: 'GET', path: '/want/firmware/versions', query: firmwareVersionsQuerySchema, result: z.array(firmwareChoiceSchema) }),
};
