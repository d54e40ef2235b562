import { describe, expect, it } from "vitest";
import { marketName, marketNameTranslations, outcomeName, outcomeNameTranslations } from "./markets.js";

describe("market and outcome names", () => {
  const eastmoor = { home: "Eastmoor FC", away: "Ashford Town" };
  const marston = { home: "Marston Rovers", away: "Kingsbridge" };

  it("words a competitor's name for each match, whichever match was named first", () => {
    expect(outcomeName(10, "9", "", eastmoor)).toBe("Eastmoor FC or Draw");
    expect(outcomeName(10, "9", "", marston)).toBe("Marston Rovers or Draw");
    expect(outcomeNameTranslations(10, "9", "", eastmoor).de).toBe("Eastmoor FC oder Unentschieden");
    expect(outcomeNameTranslations(10, "9", "", marston).de).toBe("Marston Rovers oder Unentschieden");
    expect(marketName(19, "total=1.5", eastmoor)).toBe("Eastmoor FC total");
    expect(marketName(19, "total=1.5", marston)).toBe("Marston Rovers total");
  });

  it("renders a name that names no competitor once, for every match, per line", () => {
    const over = outcomeNameTranslations(18, "12", "total=2.5", eastmoor);
    expect(outcomeNameTranslations(18, "12", "total=2.5", marston)).toBe(over);
    expect(over.es).toBe("Más de 2.5");
    expect(outcomeNameTranslations(18, "12", "total=3.5", marston).es).toBe("Más de 3.5");
    expect(marketNameTranslations(202, "setnr=2", marston)).toBe(
      marketNameTranslations(202, "setnr=2", eastmoor),
    );
    expect(marketName(202, "setnr=3", marston)).toBe("3rd set - winner");
    expect(outcomeName(18, "13", "total=0.5", eastmoor)).toBe("Under 0.5");
  });
});
