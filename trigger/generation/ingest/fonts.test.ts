import { describe, expect, it } from "vitest";
import { isMonospaceFace, isSansFace } from "./fonts.ts";

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

describe("isSansFace", () => {
  it.each<[string, boolean]>([
    ["AOXPYA+NimbusSanL-Bold", true],
    ["EPZDMP+NimbusSanL-Regu", true],
    ["Helvetica", true],
    ["Arial-BoldMT", true],
    ["ABCDEF+CMSS10", true],
    ["SourceSansPro-Regular", true],
    ["Calibri", true],
    ["DejaVuSansMono", false], // code
    ["KSDFPW+NimbusRomNo9L-Regu", false],
    ["Times-Roman", false],
    ["ABCDEF+CMR10", false],
    ["LinLibertineT", false],
  ])("%s → %s", (name, sans) => {
    expect(isSansFace(name)).toBe(sans);
  });
});
