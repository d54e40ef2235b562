import { describe, expect, it } from "vitest";
import { outsideUserGroup } from "./user-group";

describe("the user-group checker (SPEC §6)", () => {
  const group = { statuses: ["beta", "vip"], redirectUrl: "https://casino.example/" };

  it("sends away visitors and players without one of the group's statuses, once the status is known", () => {
    expect(outsideUserGroup(group, "not_logged_in", [])).toBe(true);
    expect(outsideUserGroup(group, "logged_in", [])).toBe(true);
    expect(outsideUserGroup(group, "logged_in", ["spi_test"])).toBe(true);
    expect(outsideUserGroup(group, "logged_in", ["spi_test", "vip"])).toBe(false);
    expect(outsideUserGroup(group, "unknown", [])).toBe(false);
    expect(outsideUserGroup(group, "pending", [])).toBe(false);
  });

  it("lets everyone in without a configured group", () => {
    expect(outsideUserGroup(undefined, "not_logged_in", [])).toBe(false);
  });
});
