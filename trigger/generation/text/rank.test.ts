import { describe, expect, it } from "vitest";
import { leansOnContext } from "./rank.ts";

describe("leansOnContext: a sentence that needs the one before it", () => {
  it.each([
    ["It reflects the light of the sun.", true],
    ["Zo controleren ze of de regels gelden.", true],
    ["Het ligt in het noorden van het land.", true],
    ["The return keyword is used for this.", true],
    ["Daarom doen we dit.", true],
    ["Veel leerlingen werken daarmee.", true],
    ["The Moon pulls hardest on the side of the Earth that faces it.", false],
    ["In dat geval gelden extra vereisten, zoals het uitvoeren van een assessment.", true],
    ["De AP adviseert om dit te doen in een online privacyverklaring.", true],
    ["De hierboven genoemde kaders helpen om hieraan te voldoen.", true],
    ["In this case the function returns None to the caller.", true],
    ["The return keyword sends a value back to the caller.", false],
    ["Dit proces herhaalt zich tot de cel al haar chromosomen heeft gekopieerd.", true],
    ["Een dijk beschermt het land tegen het water in geval van storm.", false],
    ["Het hart pompt bloed door het lichaam.", false],
    ["Functions let you reuse a block of code.", false],
    ["That", false],
    ["Again, this suffered from the overconfidence problem.", true],
    ["Ook deze methode werkt niet bij kleine steekproeven.", true],
    ["Again the model was trained on the whole corpus.", false],
  ] as const)("%s → %s", (text, expected) => {
    expect(leansOnContext(text)).toBe(expected);
  });
});
