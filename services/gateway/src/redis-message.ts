import type { BrokerMessage } from "./broker.js";
import type { Publication } from "./protocol.js";

/** The head the publish script writes before a publication's JSON: `{"o":offset,"e":"epoch","p":`. */
const head = /^\{"o":(\d{1,15}),"e":"([0-9a-z]{1,16})","p":\{/;

/**
 * Reads a publication of a channel with history as the publish script sent it, without decoding
 * its data: every node would otherwise parse each publication only to encode it again for its
 * clients. `json` is the publication with its offset, the bytes the memory broker gives; `pub` is
 * decoded from it on first read. Anything else (join, leave, publications without history) gives
 * null, to be decoded in full.
 */
export function readPublished(channel: string, text: string): BrokerMessage | null {
  const m = head.exec(text);
  if (!m || !text.endsWith("}}")) return null;
  const offset = Number(m[1]);
  // The publication's own object: from its `{` to the `}` before the envelope's last one.
  const body = text.slice(m[0].length - 1, -1);
  const json = body === "{}" ? `{"offset":${offset}}` : `${body.slice(0, -1)},"offset":${offset}}`;
  let pub: Publication | undefined;
  return {
    kind: "pub",
    channel,
    get pub(): Publication {
      pub ??= JSON.parse(json) as Publication;
      return pub;
    },
    offset,
    epoch: m[2] as string,
    json,
  };
}
