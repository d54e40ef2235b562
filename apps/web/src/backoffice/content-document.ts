import { siteSettingsSchema } from "@sportsbook/contracts/site-settings";

/** A document being edited: the JSON text, and the object it parses to when it does. */
export interface DraftText {
  text: string;
  document?: Record<string, unknown>;
  /** Each problem by its path in the document (`layout.header.0.kind: …`); none when valid. */
  problems: string[];
}

/** Reads the editor's text: not JSON, or each problem the contracts' schema finds, by path. */
export function readDraft(text: string): DraftText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { text, problems: [`(document): ${(err as Error).message}`] };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { text, problems: ["(document): must be a JSON object"] };
  const parsed = siteSettingsSchema.safeParse(value);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`);
  return { text, document: value as Record<string, unknown>, problems };
}

/** The document with one top-level field set (or removed when `value` is undefined), as editor text. */
export function withField(document: Record<string, unknown>, key: string, value: unknown): string {
  const next = { ...document };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return JSON.stringify(next, null, 2);
}

/** A custom page's title as the structured editor shows it: only a plain (not per-locale) title. */
export function plainTitle(page: unknown): string | undefined {
  const title = (page as { title?: unknown } | null)?.title;
  return typeof title === "string" ? title : undefined;
}
