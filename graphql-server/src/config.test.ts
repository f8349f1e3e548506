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
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/WHATSAPP_PROVIDER/);
    expect(loadConfig({ NODE_ENV: "production", ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: "true" }).NODE_ENV).toBe("production");
  });

  it("requires the Cloud API credentials when the cloud sender is chosen", () => {
    expect(() => loadConfig({ WHATSAPP_PROVIDER: "cloud" })).toThrow(/WHATSAPP_ACCESS_TOKEN/);
  });
});
