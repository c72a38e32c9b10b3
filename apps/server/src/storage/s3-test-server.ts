/** A local S3 protocol server for tests: s3rver on a random port of 127.0.0.1, files in a temporary folder. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageConfig } from './s3-storage.ts';

// The SDK's notice that its 2027 releases will need Node 22 says nothing about a test.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export type TestS3Server = { config: S3StorageConfig; stop: () => Promise<void> };

/** Starts the server and makes the bucket that `config` names. */
export async function startTestS3Server(bucket = 'storedesk-test'): Promise<TestS3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await server.run();
  const config: S3StorageConfig = {
    driver: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's own credentials: it refuses any other access key.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const admin = new S3Client({
    endpoint: config.endpoint,
    forcePathStyle: true,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  try {
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    admin.destroy();
  }
  return {
    config,
    stop: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
