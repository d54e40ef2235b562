import { checkWire, type WireAnswer, type WireRequest } from "./wire-schemas";

// The realtime client's checks of what it reads (see wire-schemas), answered in the order asked.
addEventListener("message", (e: MessageEvent<WireRequest>) => {
  const { id, kind, data } = e.data;
  const answer: WireAnswer = { id, ...checkWire(kind, data) };
  postMessage(answer);
});
