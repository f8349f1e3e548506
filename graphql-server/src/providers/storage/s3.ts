import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { checkKey, StorageUnavailableError, type Storage } from "./storage.js";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Cloudflare R2...); AWS S3 when unset. */
  endpoint?: string;
  /** Both, or neither: then the AWS SDK's own chain (AWS_* variables, an instance role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Longest wait for a connection and for a whole answer, in ms. */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/**
 * The key is not there: GetObject's NoSuchKey, HeadObject's bodiless 404. A missing bucket
 * (NoSuchBucket, a wrong setting) is not a missing photo.
 */
type Sdk = typeof import("@aws-sdk/client-s3");

const isNotFound = (error: unknown) => {
  const name = (error as { name?: unknown })?.name;
  return name === "NoSuchKey" || name === "NotFound";
};

/**
 * Files in an S3 bucket through the AWS SDK v3: AWS S3, MinIO, Cloudflare R2 or any server that
 * speaks S3. Every instance reads the same bucket. A server that does not answer, or answers with a
 * fault, is `StorageUnavailableError`; PutObject stores the whole object or nothing.
 */
export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  private readonly bucket: string;
  /** The SDK, loaded on first use: a server on another storage never loads it. */
  private readonly sdk: Promise<Sdk> = import("@aws-sdk/client-s3");
  private readonly client: Promise<S3Client>;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const settings: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // One retry: a member waits for her upload, and a server that is down answers 503 soon.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: options.connectionTimeoutMs ?? 3000, requestTimeout: options.requestTimeoutMs ?? 15_000 },
      // Checksums only where S3 requires them: not every S3-compatible server takes the newer ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    };
    this.client = this.sdk.then(({ S3Client }) => new S3Client(settings));
  }

  private async send<T>(action: (client: S3Client, sdk: Sdk) => Promise<T>): Promise<T> {
    const [client, sdk] = await Promise.all([this.client, this.sdk]);
    try {
      return await action(client, sdk);
    } catch (error) {
      throw new StorageUnavailableError("s3", { cause: error });
    }
  }

  /** As `send`, but a key that is not there answers null. */
  private async sendOrNull<T>(action: (client: S3Client, sdk: Sdk) => Promise<T>): Promise<T | null> {
    try {
      return await this.send(action);
    } catch (error) {
      if (isNotFound((error as StorageUnavailableError).cause)) return null;
      throw error;
    }
  }

  async put(key: string, bytes: Buffer, contentType: string) {
    checkKey(key);
    await this.send((client, { PutObjectCommand }) =>
      client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length })),
    );
  }

  async get(key: string) {
    checkKey(key);
    return this.sendOrNull(async (client, { GetObjectCommand }) => {
      const answer = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      return { bytes, contentType: answer.ContentType ?? "application/octet-stream", length: bytes.length };
    });
  }

  async delete(key: string) {
    checkKey(key);
    await this.send((client, { DeleteObjectCommand }) => client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async exists(key: string) {
    checkKey(key);
    return this.sendOrNull(async (client, { HeadObjectCommand }) => {
      const answer = await client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { contentType: answer.ContentType ?? "application/octet-stream", length: answer.ContentLength ?? 0 };
    });
  }

  async *list(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.send((client, { ListObjectsV2Command }) =>
        client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token })),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close() {
    void this.client.then((client) => client.destroy(), () => undefined);
  }
}
