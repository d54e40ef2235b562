// The pages' CSP forbids eval: zod's compiled parsers would only probe for it, and the refused
// probe is reported as a policy violation. Parsing without them is what the policy gives anyway.
// Set through the global zod reads its configuration from (zod v4 core), so that this module, which
// every page loads, does not bring zod itself: the schemas come with the code that parses.
// Changed in place, so a zod already loaded sees it too.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
