import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertValidStorageKey } from './keys.ts';
import type { Storage, StorageConfig, StoredFile } from './storage.ts';

export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

function isMissingKey(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (e?.name === 'NoSuchKey') return true;
  // Some S3-compatible stores answer a bare 404; a missing bucket is a setup error, not a missing file.
  return e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket';
}

/** Files in one bucket of an S3-compatible object store; the key is the object's key. */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Other S3-compatible stores (MinIO, Ceph, local test servers) address buckets by path.
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: not every S3-compatible store knows the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertValidStorageKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error('The object store answered without a body stream');
      return {
        body,
        contentType: answer.ContentType || 'application/octet-stream',
        size: answer.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    try {
      // S3 answers a delete of a missing key with success; other stores may say 404.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isMissingKey(error)) throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
