import { describe, expect, it } from "vitest";
import type { Language } from "./language.ts";
import { isMainClauseStem } from "./phrase-checks.ts";

// A question's stem must be a complete main clause: each row is a sentence and whether it is one.
describe("isMainClauseStem", () => {
  const rows: [Language, string, boolean][] = [
    ["nl", "Of een computerprogramma selecteert vooral mensen met een laag inkomen als risicogroep.", false],
    ["nl", "Omdat het water bij hoog water het langst droog bleef.", false],
    ["nl", "Als je mensen ongelijk behandelt in gelijke situaties.", false],
    ["nl", "Dat een algoritme fouten maakt.", false],
    ["nl", "Als het regent, wordt de weg nat.", true],
    ["nl", "Als je twijfelt, dan moet je stoppen met het algoritme.", true],
    ["nl", "Omdat het veen inklonk, daalde het land.", true],
    ["nl", "Dat komt doordat het veen inklonk.", true],
    ["nl", "Dat proces heet fotosynthese.", true],
    ["nl", "Algoritmes kunnen leiden tot ongewenst onderscheid als je groepen ongelijk behandelt.", true],
    ["nl", "Maakt je algoritme een ongewenst onderscheid?", false],
    // read: "Semantische interoperabiliteit Betekent dat samenwerkende partijen aan ___ …": a glossary's
    // term glued to its definition
    [
      "nl",
      "Semantische interoperabiliteit Betekent dat partijen aan gegevens dezelfde betekenis geven.",
      false,
    ],
    ["en", "Semantic interoperability Means that partners give data the same meaning.", false],
    ["nl", "Volgens Jan De Smet is een dijk een kunstmatige wal.", true],
    // read: "Vul het ontbrekende begrip in: „Zijn afspraken over ___ van gegevens.”" (a glossary entry's
    // definition under its bold term: no subject)
    ["nl", "Zijn afspraken over de betekenis van gegevens.", false],
    ["nl", "Betekent dat samenwerkende partijen aan gegevens dezelfde betekenis toekennen.", false],
    ["en", "Means that partners give the data the same meaning.", false],
    ["en", "Because the air cools as it rises.", false],
    ["en", "Whether the model is fair to every group.", false],
    ["en", "If the plates collide.", false],
    ["en", "If the plates collide, a mountain range forms.", true],
    ["en", "That the earth is round.", false],
    ["en", "That is why the ocean floor is young.", true],
    ["en", "That process is called subduction.", true],
    ["en", "The air cools because it rises.", true],
    ["en", "What does the model learn?", false],
  ];
  it.each(rows)("%s: %j → %s", (language, sentence, expected) => {
    expect(isMainClauseStem(sentence, language)).toBe(expected);
  });
});
