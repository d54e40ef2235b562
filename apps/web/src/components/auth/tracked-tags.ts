/** Session storage key of the marketing tags a visit arrived with, sent with the sign-up. */
export const TAGS_KEY = "trackedTags";
