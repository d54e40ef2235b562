import { describe, expect, it } from "vitest";
import { redactSecrets } from "./error-reporter";

describe("what a report attaches of a request", () => {
  it("masks passwords, tokens and codes, and sends nothing of a body that is not JSON", () => {
    expect(
      JSON.parse(
        redactSecrets(JSON.stringify({ email: "a@b.co", password: "pw", nested: { reset_token: "t" } })),
      ),
    ).toEqual({ email: "a@b.co", password: "[redacted]", nested: { reset_token: "[redacted]" } });
    expect(redactSecrets("email=a&password=b")).toBe("[not JSON]");
  });
});
