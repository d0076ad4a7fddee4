import { describe, expect, it } from "vitest";
import { WrittenCase } from "./written-case.ts";

// The body a report's capitals are read against; each row is a heading and the title it makes.
const BODY = [
  "The Core Public Event Vocabulary (CPEV) is designed to support the exchange of information.",
  "Sections 7 and 8 provide the Conformance Statement for the CPEV.",
  "The PublicEvent class represents the event, and a use case drives it.",
  "LODE is an ontology for linking open descriptions of events.",
  "In the RDF release of the CPEV, the class is bound to a date.",
];

describe("WrittenCase", () => {
  const written = new WrittenCase(BODY);
  it.each<[string, string]>([
    ["USE CASES", "Use cases"],
    ["INTRODUCTION", "Introduction"],
    ["CONFORMANCE STATEMENT", "Conformance Statement"],
    ["CORE PUBLIC EVENT VOCABULARY", "Core Public Event Vocabulary"],
    ["THE CPEV PROCESS AND METHODOLOGY", "The CPEV process and methodology"],
    ["CLASS: PUBLICEVENT", "Class: PublicEvent"],
    ["LODE", "LODE"],
    ["NAMESPACES AND PREFIXES", "Namespaces and prefixes"],
    ["R1", "R1"],
    ["Use cases", "Use cases"],
    ["The CPEV Process", "The CPEV Process"],
  ])("%j → %j", (heading, expected) => {
    expect(written.of(heading)).toBe(expected);
  });
});
