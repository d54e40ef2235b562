/** The query parameter a shared slip's link carries (SPEC §2: a share-bet code arrives as a query parameter). */
export const SHARE_PARAM = "betCode";
