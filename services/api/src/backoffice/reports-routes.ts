import {
  type BettingReport,
  bettingReportQuerySchema,
  bettingReportSchema,
  type MoneyReport,
  moneyReportQuerySchema,
  moneyReportSchema,
} from "@sportsbook/contracts";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { csvLine } from "./csv.js";
import { bettingReport, moneyReport } from "./reports.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

function sendCsv(reply: FastifyReply, name: string, header: string[], rows: (string | number | null)[][]) {
  const lines = [header, ...rows].map(csvLine);
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}"`)
    .send(`${lines.join("\r\n")}\r\n`);
}

const BETTING_HEADER = ["key", "label", "currency", "stakes", "payouts", "ggr", "hold_bp", "bets", "players"];

function bettingCsvRows(report: BettingReport): (string | number | null)[][] {
  return report.data.map((r) => [
    r.key,
    r.label,
    report.currency.code,
    r.stakes,
    r.payouts,
    r.ggr,
    r.hold_bp,
    r.bets,
    r.players,
  ]);
}

const MONEY_HEADER = ["period", "currency", "deposits", "withdrawals", "bonus_cost", "adjustments"];

function moneyCsvRows(report: MoneyReport): (string | number | null)[][] {
  return report.data.map((r) => [
    r.key,
    report.currency.code,
    r.deposits,
    r.withdrawals,
    r.bonus_cost,
    r.adjustments,
  ]);
}

/** The reports read from the ledger, as JSON for the charts and as CSV for spreadsheets. */
export function registerReportRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/reports/betting",
    {
      config: { operation: "bettingReport" },
      schema: {
        tags,
        security,
        summary:
          "Turnover, payouts, GGR, hold, bets and players of one currency by period or by what was bet on",
        querystring: bettingReportQuerySchema,
        response: { 200: bettingReportSchema, ...errorResponses },
      },
    },
    async (request) => bettingReport(ctx.db, request.query),
  );

  r.get(
    "/reports/betting.csv",
    {
      config: { operation: "exportBettingReport" },
      schema: {
        tags,
        security,
        summary: "The betting report as CSV",
        querystring: bettingReportQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const report = await bettingReport(ctx.db, request.query);
      return sendCsv(reply, `betting-${request.query.by}.csv`, BETTING_HEADER, bettingCsvRows(report));
    },
  );

  r.get(
    "/reports/money",
    {
      config: { operation: "moneyReport" },
      schema: {
        tags,
        security,
        summary: "Deposits, withdrawals, bonus cost and staff adjustments of one currency by period",
        querystring: moneyReportQuerySchema,
        response: { 200: moneyReportSchema, ...errorResponses },
      },
    },
    async (request) => moneyReport(ctx.db, request.query),
  );

  r.get(
    "/reports/money.csv",
    {
      config: { operation: "exportMoneyReport" },
      schema: {
        tags,
        security,
        summary: "The money report as CSV",
        querystring: moneyReportQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const report = await moneyReport(ctx.db, request.query);
      return sendCsv(reply, `money-${request.query.by}.csv`, MONEY_HEADER, moneyCsvRows(report));
    },
  );
}
