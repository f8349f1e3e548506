// A real S3-compatible server for the tests (s3rver: S3's REST wire protocol, SigV4 signatures
// checked, objects on disk), on 127.0.0.1 and a free port, which a test may stop and start again
// on the same port and folder to play an outage.
//
// Usage:
//   const s3 = await startS3Server();            // bucket "coroa" is created
//   new S3Storage({ ...s3.options, bucket: "coroa" });
//   s3.env                                        the server's settings for STORAGE=s3
//   await s3.createBucket("other");
//   await s3.stop(); … await s3.start();          the server down, then back with its objects
//   await s3.close()                              stops it and removes its folder
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's own credentials: it checks every request's signature with them. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const REGION = "us-east-1";

export interface TestS3Server {
  url: string;
  /** The bucket made at start. */
  bucket: string;
  /** S3Storage's options for this server (without the bucket). */
  options: { region: string; endpoint: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: true; connectionTimeoutMs: number; requestTimeoutMs: number };
  /** STORAGE=s3 and its S3_* settings for an app using this server's bucket. */
  env: Record<string, string>;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "coroa"): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), "coroa-s3-"));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    // Clients keep their sockets open between requests: the server is down only once they are cut.
    running.httpServer?.closeAllConnections();
    await closed;
  };
  await start();
  const url = `http://127.0.0.1:${port}`;
  const options = {
    region: REGION,
    endpoint: url,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true as const,
    // A stopped server refuses connections at once; these bound a test that would otherwise hang.
    connectionTimeoutMs: 2000,
    requestTimeoutMs: 5000,
  };
  return {
    url,
    bucket,
    options,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ENDPOINT: url,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async createBucket(name) {
      const client = new S3Client({ region: REGION, endpoint: url, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY } });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
