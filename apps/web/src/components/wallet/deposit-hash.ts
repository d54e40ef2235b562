/** The address hash that opens the deposit modal (SPEC §2): the header's button, layout buttons, links. */
export const DEPOSIT_HASH = "#deposit";
