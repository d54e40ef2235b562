import { config } from "zod";

// The pages' CSP forbids eval: zod's compiled parsers would only probe for it, and the refused
// probe is reported as a policy violation. Parsing without them is what the policy gives anyway.
config({ jitless: true });
