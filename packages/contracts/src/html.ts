/**
 * Escapes text for HTML content and for single- or double-quoted attribute values: the one escaper
 * of every server-rendered page (the API's pages, the host demo).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
