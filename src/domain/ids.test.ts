import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it("accepts uuids in either case", () => {
    expect(isUuid("0b6f6c9e-8c7a-4f59-9a38-8f0b7d0f0a11")).toBe(true);
    expect(isUuid("0B6F6C9E-8C7A-4F59-9A38-8F0B7D0F0A11")).toBe(true);
  });

  it.each([["abc"], [""], [null], [undefined], ["0b6f6c9e-8c7a-4f59-9a38-8f0b7d0f0a11x"]])(
    "refuses %j",
    (value) => {
      expect(isUuid(value)).toBe(false);
    },
  );
});
