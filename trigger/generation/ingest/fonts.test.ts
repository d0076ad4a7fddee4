import { describe, expect, it } from "vitest";
import { isMonospaceFace } from "./fonts.ts";

describe("isMonospaceFace", () => {
  it.each<[string, boolean]>([
    ["ABCDEF+CMTT10", true],
    ["LMMono10-Regular", true],
    ["PYGXGR+NimbusMonL-Regu", true],
    ["Courier-Bold", true],
    ["Consolas", true],
    ["DejaVuSansMono", true],
    ["EXZGBS+NimbusRomNo9L-Regu", false],
    ["Times-Roman", false],
    ["Calibri", false],
    ["Montserrat", false],
  ])("%s → %s", (name, mono) => {
    expect(isMonospaceFace(name)).toBe(mono);
  });
});
