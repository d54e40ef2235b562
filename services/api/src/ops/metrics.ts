import { Counter, Histogram, type Registry } from "prom-client";

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  betsPlaced: Counter<"type">;
  betsRefused: Counter<"code">;
  placementDuration: Histogram;
  /** Placements by where their state came from: a read, memory the write confirmed, or memory that had changed. */
  placementPaths: Counter<"path">;
  /** Argon2 verifications, decoys for unknown addresses included: the sign-in KDF load. */
  passwordVerifications: Counter<"against">;
  /** Payment provider callbacks by outcome: applied, duplicate, already_final, refused_<why>. */
  paymentCallbacks: Counter<"outcome">;
  /** Realtime events that could not be sent after their cause committed, by event type. */
  realtimePublishFailures: Counter<"event">;
  /** Outbox messages handed to SMTP or the SMS gateway, by channel and outcome (sent, refused). */
  outboxDeliveries: Counter<"channel" | "outcome">;
  /** Outbox runs that failed before delivering (the outbox could not be read or updated). */
  outboxRunFailures: Counter;
  /** Placed bets whose jackpot contribution failed: the bet stands, the pools miss its share. */
  jackpotPlayFailures: Counter;
  /** Placed bets a freebet amb's progress failed to count: the bets stand, the bar misses them. */
  ambProgressFailures: Counter;
  /** Approved withdrawals the provider's payout refused or never answered: they stay approved, funds held. */
  payoutFailures: Counter;
  /** Changes of the watched site settings file that were refused (not JSON, not the schema's): the version in force stays. */
  siteSettingsFileRefusals: Counter;
}

export function createMetrics(registry: Registry): Metrics {
  return {
    registry,
    httpDuration: new Histogram({
      name: "sportsbook_api_http_request_duration_seconds",
      help: "HTTP request duration by route and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    betsPlaced: new Counter({
      name: "sportsbook_bets_placed_total",
      help: "Bets accepted, by type",
      labelNames: ["type"],
      registers: [registry],
    }),
    betsRefused: new Counter({
      name: "sportsbook_bets_refused_total",
      help: "Bet placements refused, by error code",
      labelNames: ["code"],
      registers: [registry],
    }),
    placementDuration: new Histogram({
      name: "sportsbook_bet_placement_duration_seconds",
      help: "Time from request to committed bet",
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    placementPaths: new Counter({
      name: "sportsbook_bet_placement_paths_total",
      help: "Placements by source of their state: read, remembered (confirmed by the write), changed (remembered state no longer held, read again)",
      labelNames: ["path"],
      registers: [registry],
    }),
    passwordVerifications: new Counter({
      name: "sportsbook_password_verifications_total",
      help: "Password hash verifications, against a stored hash or the decoy",
      labelNames: ["against"],
      registers: [registry],
    }),
    paymentCallbacks: new Counter({
      name: "sportsbook_payment_callbacks_total",
      help: "Payment provider callbacks by outcome",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    realtimePublishFailures: new Counter({
      name: "sportsbook_api_realtime_publish_failures_total",
      help: "Realtime events not sent after their cause committed, by event type",
      labelNames: ["event"],
      registers: [registry],
    }),
    outboxDeliveries: new Counter({
      name: "sportsbook_outbox_deliveries_total",
      help: "Outbox messages handed to SMTP or the SMS gateway, by channel and outcome",
      labelNames: ["channel", "outcome"],
      registers: [registry],
    }),
    jackpotPlayFailures: new Counter({
      name: "sportsbook_jackpot_play_failures_total",
      help: "Placed bets whose jackpot contribution failed (the bet stands; the pools miss its share)",
      registers: [registry],
    }),
    ambProgressFailures: new Counter({
      name: "sportsbook_amb_progress_failures_total",
      help: "Placements whose bets a freebet amb failed to count (the bets stand; the progress misses them)",
      registers: [registry],
    }),
    outboxRunFailures: new Counter({
      name: "sportsbook_outbox_run_failures_total",
      help: "Outbox delivery runs that failed before delivering (the outbox could not be read or updated)",
      registers: [registry],
    }),
    payoutFailures: new Counter({
      name: "sportsbook_payout_failures_total",
      help: "Approved withdrawals whose payout the provider refused or never answered (they stay approved)",
      registers: [registry],
    }),
    siteSettingsFileRefusals: new Counter({
      name: "sportsbook_site_settings_file_refusals_total",
      help: "Changes of the watched site settings file refused as invalid (the published version stays)",
      registers: [registry],
    }),
  };
}
