// The endpoints without their schema (which belongs to the site settings document): the shell
// resolves them in every page's first load, where the schema library is not wanted.
export * from "@sportsbook/contracts/realtime-endpoints";
