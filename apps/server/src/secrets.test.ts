import { createECDH } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataDirTokenSecret, dataDirVapidKeys } from "./secrets.js";

describe("dataDirTokenSecret", () => {
  it("generates a private secret once per data folder and keeps it", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "sb-secret-")), "data");
    const first = dataDirTokenSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(dataDirTokenSecret(dir)).toBe(first);
    expect(readFileSync(join(dir, "realtime-token-secret"), "utf8").trim()).toBe(first);
    expect(statSync(join(dir, "realtime-token-secret")).mode & 0o077).toBe(0);
    const other = dataDirTokenSecret(mkdtempSync(join(tmpdir(), "sb-secret-")));
    expect(other).not.toBe(first);
  });
});

describe("dataDirVapidKeys", () => {
  it("generates a P-256 key pair once per data folder, kept private, that signs a VAPID header", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "sb-vapid-")), "data");
    const first = dataDirVapidKeys(dir);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(dataDirVapidKeys(dir)).toEqual(first);
    expect(statSync(join(dir, "vapid-keys.json")).mode & 0o077).toBe(0);
    // the pair is one: the private key's public point is the public key
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(first.privateKey, "base64url"));
    expect(ecdh.getPublicKey().toString("base64url")).toBe(first.publicKey);
    expect(dataDirVapidKeys(mkdtempSync(join(tmpdir(), "sb-vapid-"))).publicKey).not.toBe(first.publicKey);
  });
});
