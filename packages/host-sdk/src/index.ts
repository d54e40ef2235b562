export type {
  FrameMessage,
  FrameMessagePayloads,
  FrameMessageType,
  HostAction,
  HostMessageInput,
} from "@sportsbook/contracts/window-messages";
export { type FrameMessageRead, hostCommand, readFrameMessage, sportsbookOrigin } from "./messages.js";
export {
  type MountOptions,
  mountSportsbook,
  type OddsFormat,
  type Sportsbook,
  type SportsbookEvent,
  type SportsbookHandler,
} from "./sportsbook.js";
export { SDK_VERSION } from "./version.js";
