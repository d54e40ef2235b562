/** SPEC §2: a search query has 3 to 50 characters. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 50;
