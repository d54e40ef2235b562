/**
 * One RFC 4180 CSV line. A cell a spreadsheet would run as a formula (leading `=`, `+`, `-`, `@`,
 * tab or carriage return) is prefixed with `'`, since audit data holds text staff and players typed.
 */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return cells
    .map((cell) => {
      let text = cell === null ? "" : String(cell);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(",");
}
