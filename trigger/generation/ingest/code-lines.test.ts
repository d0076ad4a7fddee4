import { describe, expect, it } from "vitest";
import { codeRuns, looksLikeCode } from "./code-lines.ts";

describe("looksLikeCode: a line of a program or shell script, not prose", () => {
  it.each([
    // read in a published Dutch Word file's appendix, set in its body style
    ["#!/bin/sh", true],
    ["set -e", true],
    ["# ES256 (ECDSA p256)", true],
    ["openssl ecparam -name secp256k1 -genkey -noout -out ec.key", true],
    ["openssl req -new -x509 -nodes -keyout x509.key -out x509.pub -subj /CN=CoronaPub", true],
    ["$ npm install --save-dev vitest", true],
    ["key = load_key(path)", true],
    ["export PATH=$HOME/bin:$PATH", true],
    ["return value;", true],
    ["}", true],
    ["#", true],
    ["echo pubkey:", true],
    ["cat signature.bin | base64", true],
    ["echo Something to Sign > payload", true],
    ["zip fake.zip payload signature.bin signature-cms.bin", true],
    ["Echo is a sound that comes back to you", false],
    ["Prices rose > 5 percent that year", true],
    // prose, lists and headings
    ["Fake keys worden 2 maal getekend, conform GAEN en certificaat gebaseerd:", false],
    ["De sleutel wordt na veertien dagen verwijderd.", false],
    ["Use the -v option to see every step.", false],
    ["set the table before the guests arrive.", false],
    ["Bijlage C Fake Keys", false],
    ["- een lijst met punten", false],
    ["Een moer is waardeloos zonder een bout", false],
  ] as const)("%s → %s", (line, expected) => {
    expect(looksLikeCode(line)).toBe(expected);
  });
});

describe("codeRuns: a listing is a run of code-like lines", () => {
  it.each([
    { lines: ["#!/bin/sh", "set -e", "openssl ecparam -name x -out ec.key"], code: [0, 1, 2] },
    { lines: ["Run it as follows:", "set -e", "openssl ecparam -name x", "Then it is done."], code: [] },
    { lines: ["Intro.", "#!/bin/sh", "set -e", "# keys", "openssl req -new", "Outro."], code: [1, 2, 3, 4] },
  ])("$lines → $code", ({ lines, code }) => {
    expect([...codeRuns(lines)]).toEqual(code);
  });
});
