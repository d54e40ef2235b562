/** A slip holds at most this many selections (SPEC §5, §9). */
export const MAX_SELECTIONS = 40;
