/** PostgreSQL's own error under whatever wrapped it (the query layer wraps it with its parameters). */
export function databaseErrorOf(error: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return { code, message: e.message };
  }
  return undefined;
}

/** Text PostgreSQL cannot store (22021 character_not_in_repertoire, 22P05 untranslatable_character). */
export const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);
