import { BackofficeError } from "./api";

/** A refusal as the desk shows it: the message, and each field at fault by its path in the document. */
export function refusalOf(e: unknown): string[] {
  if (e instanceof BackofficeError && e.details.length > 0)
    return e.details.map((d) => `${d.field.replace(/^document\.?/, "") || "(document)"}: ${d.message}`);
  return [e instanceof Error ? e.message : String(e)];
}
