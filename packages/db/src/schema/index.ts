export * from "./bets.js";
export * from "./bonuses.js";
export * from "./catalogue.js";
export * from "./feed.js";
export * from "./identity.js";
export * from "./jackpots.js";
export * from "./players.js";
export * from "./wallet.js";
