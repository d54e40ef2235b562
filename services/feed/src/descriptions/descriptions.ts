import type { Translations } from "@sportsbook/db";

/**
 * What a provider's description service answers besides the messages: the names of its sports,
 * categories, tournaments and outright events in each language (UOF serves them per language from
 * its REST API). The ingest stores them beside the English name, so the catalogue answers in the
 * player's language. A feed without such a service keeps English names.
 */
export interface Descriptions {
  /** The names of the entity with this URN in the other languages, by locale tag. */
  names(urn: string): Translations | undefined;
}

export const noDescriptions: Descriptions = { names: () => undefined };
