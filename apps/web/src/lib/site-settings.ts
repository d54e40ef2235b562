// The document's schema is the contracts': the API validates drafts with it, the pages read with it.
export * from "@sportsbook/contracts/site-settings";
