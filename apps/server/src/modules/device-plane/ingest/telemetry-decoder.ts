import { telemetryMessageSchema } from '@cellsight/contract';
import { BinaryCopyWriter } from '../../../db/copy-binary.js';
import { type MessageRefusal, readDeviceMessage } from './device-message.js';
import { encodeSampleFields } from './sample-stage.js';

/**
 * A telemetry message checked and encoded: per sample its battery and time, and its columns as
 * binary COPY fields, all samples' fields in one buffer (sample `i` ends at `ends[i]`).
 */
export interface DecodedTelemetry {
  /** The message's sequence number, when it has one (the bench's ceiling reports stored messages by it). */
  seq: number | undefined;
  batterySns: string[];
  timestamps: number[];
  fields: Uint8Array;
  ends: number[];
}

export type TelemetryDecoding = { telemetry: DecodedTelemetry } | { refusal: MessageRefusal };

/**
 * The costly part of storing telemetry, done once per message: JSON, the contract's check and
 * the COPY encoding of every sample. Pure, so it runs on the main thread or in a decoder thread.
 */
export function decodeTelemetry(payload: Uint8Array): TelemetryDecoding {
  const read = readDeviceMessage(payload, telemetryMessageSchema);
  if ('refusal' in read) return read;
  const { samples } = read.message;
  const writer = new BinaryCopyWriter(samples.length * 512, { fieldsOnly: true });
  const ends: number[] = [];
  for (const sample of samples) {
    encodeSampleFields(writer, sample);
    ends.push(writer.length);
  }
  return {
    telemetry: { seq: read.message.seq, batterySns: samples.map((s) => s.batterySn), timestamps: samples.map((s) => s.ts), fields: writer.bytes(), ends },
  };
}
