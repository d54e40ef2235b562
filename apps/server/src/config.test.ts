import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.js";

describe("readConfig", () => {
  it("defaults to port 3000 and embedded services", () => {
    const c = readConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it("names every bad variable", () => {
    expect(() => readConfig({ PORT: "seventy", DATABASE_URL: "not a url" })).toThrowError(ConfigError);
    try {
      readConfig({ PORT: "seventy", DATABASE_URL: "not a url" });
    } catch (e) {
      expect(String(e)).toMatch(/PORT/);
      expect(String(e)).toMatch(/DATABASE_URL/);
    }
  });
});
