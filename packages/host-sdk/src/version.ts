/**
 * The SDK's version, also its address on the sportsbook (`/sdk/host-sdk@{version}.js`): a new
 * version is a new address, so an operator's page keeps the build it was written against.
 */
export const SDK_VERSION = "1.0.0";
