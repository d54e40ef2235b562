import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/database.js";
import {
  ensurePlayerAccount,
  houseAccountId,
  InsufficientFundsError,
  LedgerError,
  ledgerImbalance,
  post,
  postPlayerTransfer,
} from "../src/ledger.js";
import { accounts, auditLog, ledgerEntries, players } from "../src/schema/index.js";
import { databaseTargets } from "../src/testing.js";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`ledger and schema on ${target.kind}`, () => {
    let h: DatabaseHandle;
    let playerId: number;
    beforeAll(async () => {
      h = await target.open("db_ledger");
      const [p] = await h.db.insert(players).values({ currency: "EUR" }).returning({ id: players.id });
      playerId = p?.id ?? 0;
    }, 60_000);
    afterAll(async () => {
      await h?.close();
    });

    it("migrations create the tables and seed the currencies", async () => {
      const rows = await h.db.execute(sql`select code from currencies order by code`);
      const codes = (rows as unknown as { rows: { code: string }[] }).rows.map((r) => r.code);
      expect(codes).toContain("EUR");
      expect(codes).toContain("BTC");
    });

    it("a deposit credits the player and debits the house; the ledger sums to zero", async () => {
      const account = await ensurePlayerAccount(h.db, playerId, "EUR");
      const house = await houseAccountId(h.db, "house_payments", "EUR");
      const result = await h.db.transaction((tx) =>
        postPlayerTransfer(tx, {
          kind: "deposit",
          currency: "EUR",
          reference: { type: "payment", id: "1" },
          playerAccountId: account.id,
          houseAccountId: house,
          amount: 10_000,
        }),
      );
      expect(result.playerBalance).toBe(10_000);
      const [houseRow] = await h.db.select().from(accounts).where(eq(accounts.id, house));
      expect(houseRow?.balance).toBe(-10_000);
      expect(await ledgerImbalance(h.db)).toBe(0);
    });

    it("a debit beyond the balance is refused and leaves no trace", async () => {
      const account = await ensurePlayerAccount(h.db, playerId, "EUR");
      const house = await houseAccountId(h.db, "house_stakes", "EUR");
      const entriesBefore = await h.db.select().from(ledgerEntries);
      await expect(
        h.db.transaction((tx) =>
          postPlayerTransfer(tx, {
            kind: "stake",
            currency: "EUR",
            reference: { type: "bet", id: "x" },
            playerAccountId: account.id,
            houseAccountId: house,
            amount: -(account.balance + 1),
          }),
        ),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      const entriesAfter = await h.db.select().from(ledgerEntries);
      expect(entriesAfter.length).toBe(entriesBefore.length);
      const [again] = await h.db.select().from(accounts).where(eq(accounts.id, account.id));
      expect(again?.balance).toBe(account.balance);
    });

    it("an unbalanced posting or a currency mismatch is refused", async () => {
      const account = await ensurePlayerAccount(h.db, playerId, "EUR");
      const usdHouse = await houseAccountId(h.db, "house_stakes", "USD");
      await expect(
        h.db.transaction((tx) =>
          post(tx, {
            kind: "bonus",
            currency: "EUR",
            reference: { type: "t", id: "1" },
            legs: [
              { accountId: account.id, amount: 5 },
              { accountId: usdHouse, amount: -4, house: true },
            ],
          }),
        ),
      ).rejects.toBeInstanceOf(LedgerError);
      await expect(
        h.db.transaction((tx) =>
          post(tx, {
            kind: "bonus",
            currency: "EUR",
            reference: { type: "t", id: "1" },
            legs: [
              { accountId: account.id, amount: 5 },
              { accountId: usdHouse, amount: -5, house: true },
            ],
          }),
        ),
      ).rejects.toThrow(/USD/);
    });

    it("the database itself refuses a negative player balance", async () => {
      const account = await ensurePlayerAccount(h.db, playerId, "EUR");
      await expect(
        h.db.update(accounts).set({ balance: -1 }).where(eq(accounts.id, account.id)),
      ).rejects.toThrow();
    });

    it("the audit log accepts inserts and refuses updates and deletes", async () => {
      await h.db.insert(auditLog).values({ entityType: "bet", entityId: "1", action: "placed", data: {} });
      await expect(h.db.update(auditLog).set({ action: "changed" })).rejects.toThrow();
      await expect(h.db.delete(auditLog)).rejects.toThrow();
      const rows = await h.db.select().from(auditLog);
      expect(rows.map((r) => r.action)).toEqual(["placed"]);
    });
  });
}
