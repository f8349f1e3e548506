import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, WHATSAPP_PROVIDER: "local", SUPERUSER_PHONES: [] });
    expect(loadConfig({ INIT_CWD: "/srv/clube" }).DATA_DIR).toBe("/srv/clube/.data");
    expect(loadConfig({ DATA_DIR: "memory" }).DATA_DIR).toBe("memory");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads superuser phones as digits", () => {
    expect(loadConfig({ SUPERUSER_PHONES: "+55 (11) 90000-0001, 5521999990000" }).SUPERUSER_PHONES).toEqual([
      "5511900000001",
      "5521999990000",
    ]);
  });

  it("stops start-up naming the bad value", () => {
    expect(() => loadConfig({ PORT: "porta" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "porta" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("refuses the local WhatsApp sender in production unless explicitly allowed", () => {
    expect(() => loadConfig({ NODE_ENV: "production", ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: "true" })).toThrow(/WHATSAPP_PROVIDER/);
    const allowed = { NODE_ENV: "production", ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: "true", ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: "true" };
    expect(loadConfig(allowed).NODE_ENV).toBe("production");
  });

  it("refuses simulated payments in production unless explicitly allowed, and ASAAS without its key and webhook token", () => {
    expect(() => loadConfig({ NODE_ENV: "production", ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: "true" })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "asaas" })).toThrow(/ASAAS_API_KEY/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "asaas", ASAAS_API_KEY: "k" })).toThrow(/ASAAS_WEBHOOK_TOKEN/);
    expect(() => loadConfig({ ASAAS_WEBHOOK_TOKEN: "short" })).toThrow(/ASAAS_WEBHOOK_TOKEN/);
    const asaas = loadConfig({ PAYMENTS_PROVIDER: "asaas", ASAAS_API_KEY: "k", ASAAS_WEBHOOK_TOKEN: "0123456789abcdef" });
    expect(asaas.ASAAS_API_URL).toBe("https://api-sandbox.asaas.com/v3");
    expect(asaas.PAYMENT_GRACE_DAYS).toBe(5);
  });

  it("requires the Cloud API credentials when the cloud sender is chosen", () => {
    expect(() => loadConfig({ WHATSAPP_PROVIDER: "cloud" })).toThrow(/WHATSAPP_ACCESS_TOKEN/);
  });

  it("keeps uploads on disk with the embedded database and in the database with PostgreSQL, unless STORAGE says otherwise", () => {
    expect(loadConfig({}).STORAGE).toBe("disk");
    expect(loadConfig({ DATABASE_URL: "postgresql://localhost/clube" }).STORAGE).toBe("database");
    expect(loadConfig({ DATABASE_URL: "postgresql://localhost/clube", STORAGE: "disk" }).STORAGE).toBe("disk");
    expect(loadConfig({ STORAGE: "database" }).STORAGE).toBe("database");
    expect(loadConfig({ DATA_DIR: "memory" }).STORAGE).toBe("memory");
    expect(() => loadConfig({ STORAGE: "ftp" })).toThrow(/STORAGE/);
    expect(() => loadConfig({ DATA_DIR: "memory", STORAGE: "disk" })).toThrow(/STORAGE: disk storage needs a DATA_DIR folder/);
  });

  it("names every S3 setting that STORAGE=s3 is missing", () => {
    const error = (() => {
      try {
        loadConfig({ STORAGE: "s3" });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toContain("S3_BUCKET: required when STORAGE=s3");
    expect(error?.message).toContain("S3_REGION: required when STORAGE=s3");
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "fotos", S3_REGION: "auto", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "fotos", S3_REGION: "auto", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    const s3 = loadConfig({
      STORAGE: "s3",
      S3_BUCKET: "fotos",
      S3_REGION: "us-east-1",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s3).toMatchObject({ STORAGE: "s3", S3_BUCKET: "fotos", S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: true });
    // Without keys: the AWS SDK's own chain (an instance role...).
    expect(loadConfig({ STORAGE: "s3", S3_BUCKET: "fotos", S3_REGION: "sa-east-1" }).S3_ACCESS_KEY_ID).toBeUndefined();
  });
});
