export * from "./bets.js";
export * from "./catalogue.js";
export * from "./players.js";
export * from "./wallet.js";
