import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../config.js';
import type * as S3 from '@aws-sdk/client-s3';

/** One stored file's content, ready to stream. */
export interface StoredContent {
  body: Readable;
  size: number | null;
  contentType: string | null;
}

/**
 * Where uploaded content lives, behind one interface: the local upload folder (the default) or an
 * S3-compatible bucket (S3_URL). Keys are the relative paths `<biz>/<yyyymmdd>/<random>.<ext>`,
 * always checked by the caller (`FileRepository.contain`) before they get here.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The content, or null when there is none under the key. */
  get(key: string): Promise<StoredContent | null>;
  remove(key: string): Promise<void>;
}

export function createLocalFileStore(root: string): FileStore {
  return {
    kind: 'local',
    async put(key, content) {
      const file = join(root, key);
      await mkdir(dirname(file), { recursive: true });
      // 'wx': names are random; a clash is a fault, never an overwrite.
      await writeFile(file, content, { flag: 'wx' });
    },
    async get(key) {
      const file = join(root, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), size: info.size, contentType: null };
    },
    async remove(key) {
      await rm(join(root, key), { force: true });
    },
  };
}

export function createS3FileStore(config: S3Config): FileStore {
  // The AWS SDK loads at the first use of the bucket: it is heavy, and most installations store locally.
  let connection: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      }),
    })));
  const missing = (error: unknown) => {
    const name = (error as { name?: string }).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
  };
  return {
    kind: 's3',
    async put(key, content, contentType) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: content, ContentType: contentType, ContentLength: content.length }));
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body as Readable, size: object.ContentLength ?? null, contentType: object.ContentType ?? null };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}

/** The store new uploads go to: the bucket when S3_URL is set, else the upload folder. */
export const createFileStores = (uploadDir: string, s3: S3Config | null): { current: FileStore; local: FileStore; s3: FileStore | null } => {
  const local = createLocalFileStore(uploadDir);
  const bucket = s3 ? createS3FileStore(s3) : null;
  return { current: bucket ?? local, local, s3: bucket };
};
export type FileStores = ReturnType<typeof createFileStores>;
