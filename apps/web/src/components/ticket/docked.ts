/** SPEC §9 breakpoint lg: from here the panel sits in the right column, below it is a bottom sheet. */
export const DOCKED = "(min-width: 1280px)";

/** Whether the panel is docked now (else it is the bottom sheet). */
export const isPanelDocked = (): boolean => window.matchMedia(DOCKED).matches;
