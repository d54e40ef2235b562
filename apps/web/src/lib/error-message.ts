/** The message of an API error answer (SPEC §8: the localized message is at data.localized_message). */
export function errorMessage(body: unknown, fallback: string): string {
  const data = (body as { data?: { localized_message?: unknown } } | null)?.data;
  return typeof data?.localized_message === "string" && data.localized_message
    ? data.localized_message
    : fallback;
}
