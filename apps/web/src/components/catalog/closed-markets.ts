/**
 * What a match card without main-market odds says. The main market alone can be closed (a winner
 * all but decided) while the match's other markets stay open: then the card says only the main
 * market is, and its market count leads to the rest; otherwise every market is closed.
 */
export function closedMarkets(availableMarkets: number): "main" | "all" {
  return availableMarkets > 0 ? "main" : "all";
}
