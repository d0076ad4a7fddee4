import { describe, expect, it } from "vitest";
import { type Language, words } from "./language.ts";
import { looksMisspelled } from "./spelling.ts";

// A word that looks like a misspelling never becomes an answer: each row is a word, the source text it
// stands in, and whether it looks misspelled there.
describe("looksMisspelled", () => {
  const misspelledSource =
    "Ongewenst onderscheid kan leiden tot discrimerende effecten. Wie algoritmes gebruikt, moet discriminerende effecten voorkomen. Discriminatie is verboden; met algoritmes kun je makkelijk discrimineren. Een discriminatiegrond is bijvoorbeeld geloof.";
  const rows: [Language, string, string, boolean][] = [
    // The source's typo beside the spelling its relatives share.
    ["nl", "discrimerende", misspelledSource, true],
    ["nl", "discriminerende", misspelledSource, false],
    // Inflections of one word are no misspellings.
    ["nl", "algoritmes", "Het algoritme en de algoritmes werken samen.", false],
    ["nl", "stratovulkanen", "Een stratovulkaan is steil; stratovulkanen zijn hoog.", false],
    // A lone technical word with no near neighbour.
    ["nl", "vooringenomenheid", "Dit is vooringenomenheid in de samenleving.", false],
    // One letter away from a word the lexicon knows.
    ["en", "seperate", "Seperate the layers.", true],
    ["en", "separate", "Separate the layers.", false],
    ["en", "recieved", "The cell recieved a signal.", true],
    // Two spellings of an unknown word, equally attested: neither is asked.
    ["en", "thylakoid", "The thylakoid membrane, or thylacoid, holds chlorophyll.", true],
    ["en", "thylacoid", "The thylakoid membrane, or thylacoid, holds chlorophyll.", true],
    // Technical words no lexicon knows, with no near neighbour.
    ["en", "asthenosphere", "The asthenosphere lies below the lithosphere.", false],
    // Words the lexicon knows, however close ("hypertension"/"hypotension").
    ["en", "hypertension", "Hypertension and hypotension are opposites.", false],
    // Names and short words are not judged.
    ["en", "Ghana", "Ghana and Ghanu are names.", false],
    ["nl", "bias", "De bias en de bios.", false],
  ];
  it.each(rows)("%s: %s in %j → %s", (language, word, text, expected) => {
    expect(looksMisspelled(word, new Set(words(text)), language)).toBe(expected);
  });
});
