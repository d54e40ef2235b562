import { audit } from "./audit";
import { content } from "./content";
import { feed } from "./feed";
import { liabilities } from "./liabilities";
import { limits } from "./limits";
import { approvals, payments } from "./payments";
import { playerStatus, players } from "./players";
import { promotions } from "./promotions";
import { reports } from "./reports";
import { risk } from "./risk";
import { settlement } from "./settlement";
import { home, invitation, nav, signIn } from "./shell";
import { roles, staff } from "./staff";
import { ticker } from "./ticker";
import { marketStatus, matchStatus, trading } from "./trading";

/** Every string of the back office's screens, one file per desk (staff screens are in English). */
export const t = {
  product: "Sportsbook back office",
  nav,
  signIn,
  invitation,
  home,
  forbidden: "Your role does not open this page.",
  loading: "Loading…",
  retry: "Try again",
  staff,
  audit,
  trading,
  marketStatus,
  matchStatus,
  players,
  approvals,
  payments,
  playerStatus,
  roles,
  settlement,
  risk,
  liabilities,
  feed,
  limits,
  reports,
  ticker,
  promotions,
  content,
} as const;
