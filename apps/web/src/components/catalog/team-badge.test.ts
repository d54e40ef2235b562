import { describe, expect, it } from "vitest";
import { teamBadge } from "./team-badge";

describe("teamBadge", () => {
  it("takes the first letters of the first two words, upper-cased", () => {
    expect(teamBadge("Ashford Raptors").initials).toBe("AR");
    expect(teamBadge("real club deportivo").initials).toBe("RC");
    expect(teamBadge("Celtic").initials).toBe("C");
    expect(teamBadge("  Ashford   Raptors ").initials).toBe("AR");
  });

  it("keeps letters outside ASCII whole", () => {
    expect(teamBadge("Étoile Sahel").initials).toBe("ÉS");
    expect(teamBadge("𝔸lpha Beta").initials).toBe("𝔸B");
  });

  it("gives a name the same hue every time, and different names different hues", () => {
    expect(teamBadge("Ashford Raptors").hue).toBe(teamBadge("Ashford Raptors").hue);
    expect(teamBadge("Ashford Raptors").hue).not.toBe(teamBadge("Westport Knights").hue);
    for (const name of ["", "a", "Westport Knights", "x".repeat(500)]) {
      const { hue } = teamBadge(name);
      expect(Number.isInteger(hue) && hue >= 0 && hue < 360).toBe(true);
    }
  });
});
