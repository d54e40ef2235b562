// The names the slip is known by outside its own code: light enough for every page to import.

/** The query parameter a shared slip's link carries (SPEC §2: a share-bet code arrives as a query parameter). */
export const SHARE_PARAM = "betCode";

/** Session storage key of the slip's bets (SPEC §3 storage: ticket state). */
export const TICKET_STORAGE_KEY = "sb.ticket.bets";

/** Session storage key of the side panel's open state and tab (SPEC §2: the panel persists per tab). */
export const PANEL_STORAGE_KEY = "sb.ticket.panel";
