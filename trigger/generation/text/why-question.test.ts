import { describe, expect, it } from "vitest";
import { dutchWhyQuestion, englishWhyQuestion } from "./why-question.ts";

describe("englishWhyQuestion", () => {
  it("asks with do-support or inversion where the statement is subject and present verb", () => {
    expect(englishWhyQuestion("Water evaporates faster.")).toBe("Why does water evaporate faster?");
    expect(englishWhyQuestion("A root hair cell absorbs more water from the soil")).toBe(
      "Why does a root hair cell absorb more water from the soil?",
    );
    expect(englishWhyQuestion("Muscle cells contain many mitochondria")).toBe(
      "Why do muscle cells contain many mitochondria?",
    );
    expect(englishWhyQuestion("Red blood cells are flat discs")).toBe("Why are red blood cells flat discs?");
    expect(englishWhyQuestion("Demand has grown quickly")).toBe("Why has demand grown quickly?");
  });

  it("leaves alone what it cannot turn safely: pronoun subjects, a clause first", () => {
    expect(englishWhyQuestion("They supply most of the vapour")).toBeNull();
    expect(englishWhyQuestion("When it rains, the river floods")).toBeNull();
    // Only the first of coordinated clauses would be turned.
    expect(
      englishWhyQuestion(
        "Data can get lost, analyses can take much longer than necessary, and researchers are limited in their work",
      ),
    ).toBeNull();
    expect(englishWhyQuestion("Data can get lost, and the analyses take longer")).toBeNull();
    expect(englishWhyQuestion("Rivers carry sediment, sand and clay to the sea")).toBe(
      "Why do rivers carry sediment, sand and clay to the sea?",
    );
  });

  it("asks a past with 'did' and the verb's base form, irregular ones too", () => {
    expect(englishWhyQuestion("Many families went hungry")).toBe("Why did many families go hungry?");
    expect(englishWhyQuestion("The weak government fell quickly")).toBe(
      "Why did the weak government fall quickly?",
    );
    expect(englishWhyQuestion("Cities speed up runoff") ?? "").not.toMatch(/^Why did/u);
    expect(englishWhyQuestion("Rivers carried sediment to the sea")).toBe(
      "Why did rivers carry sediment to the sea?",
    );
    expect(englishWhyQuestion("Factory owners employed children")).toBe(
      "Why did factory owners employ children?",
    );
    expect(englishWhyQuestion("The representatives of the Third Estate refused to accept this")).toBe(
      "Why did the representatives of the Third Estate refuse to accept this?",
    );
  });

  it("moves do-support that is already there", () => {
    expect(englishWhyQuestion("penicillin does not harm them")).toBe("Why does penicillin not harm them?");
  });

  it("keeps a name's capital and gives main-verb 'has' do-support", () => {
    expect(englishWhyQuestion("Britain has coal and iron")).toBe("Why does Britain have coal and iron?");
  });
});

describe("dutchWhyQuestion", () => {
  it("swaps a plain subject and its finite verb", () => {
    expect(dutchWhyQuestion("Sommige medicijnen werken")).toBe("Waarom werken sommige medicijnen?");
    expect(dutchWhyQuestion("Het water kan niet wegstromen.")).toBe("Waarom kan het water niet wegstromen?");
    expect(dutchWhyQuestion("Mensen met een lening profiteren juist")).toBe(
      "Waarom profiteren mensen met een lening juist?",
    );
    expect(dutchWhyQuestion("De grote hersenen zijn verdeeld in twee hersenhelften")).toBe(
      "Waarom zijn de grote hersenen verdeeld in twee hersenhelften?",
    );
  });

  it("lowers a common noun's capital and keeps a name's", () => {
    expect(dutchWhyQuestion("Reflexen beschermen het lichaam tegen gevaar")).toBe(
      "Waarom beschermen reflexen het lichaam tegen gevaar?",
    );
    expect(dutchWhyQuestion("Napoleon verloor de slag")).toBe("Waarom verloor Napoleon de slag?");
    expect(dutchWhyQuestion("Vikingen hebben de kust geplunderd", (word) => word === "Vikingen")).toBe(
      "Waarom hebben Vikingen de kust geplunderd?",
    );
  });

  it("keeps a prepositional phrase after the subject's noun in the subject", () => {
    // Before: null, so the question quoted the statement ("Waarom is dit zo volgens de tekst: „…”?").
    expect(dutchWhyQuestion("Boeren uit de omgeving verkochten graan en vee aan het leger")).toBe(
      "Waarom verkochten boeren uit de omgeving graan en vee aan het leger?",
    );
    expect(dutchWhyQuestion("Planten zonder licht groeien niet")).toBe(
      "Waarom groeien planten zonder licht niet?",
    );
    expect(dutchWhyQuestion("De huizen langs de kust lopen gevaar")).toBe(
      "Waarom lopen de huizen langs de kust gevaar?",
    );
  });

  it("leaves alone a fronted adverbial, a personal pronoun, or a time before the verb and its subject", () => {
    expect(dutchWhyQuestion("Bij schrik stijgt de hartslag")).toBeNull();
    expect(dutchWhyQuestion("Langs de rivier bouwden de Romeinen forten")).toBeNull();
    expect(dutchWhyQuestion("Ze binden aan receptoren")).toBeNull();
    expect(dutchWhyQuestion("Elk jaar in de zomer gaan we naar zee")).toBeNull();
  });
});

describe("why-questions are grammatical by construction, or not asked", () => {
  const english: Array<[string, string | null]> = [
    // graded: "Why does a long line of islands have formed…?" (six times)
    [
      "A long line of islands has formed over millions of years",
      "Why has a long line of islands formed over millions of years?",
    ],
    ["The ocean floor has spread apart", "Why has the ocean floor spread apart?"],
    ["Britain has coal and iron", "Why does Britain have coal and iron?"],
    ["The river is deep", "Why is the river deep?"],
  ];
  it.each(english)("en: %s → %s", (statement, question) => {
    expect(englishWhyQuestion(statement)).toBe(question);
  });
  const dutch: Array<[string, string | null]> = [
    // graded: "Waarom merk een hoge bloeddruk je vaak niet?" (five times): the object came first.
    ["Een hoge bloeddruk merk je vaak niet", null],
    ["Die klachten voel je pas later", null],
    ["Het geluid van het hart ontstaat", "Waarom ontstaat het geluid van het hart?"],
    ["De rivieren brengen zand mee", "Waarom brengen de rivieren zand mee?"],
    ["De rivier brengen zand mee", null],
    ["Het water stroomt langzaam naar zee", "Waarom stroomt het water langzaam naar zee?"],
    ["De rivieren stroomt langzaam naar zee", null],
  ];
  it.each(dutch)("nl: %s → %s", (statement, question) => {
    expect(dutchWhyQuestion(statement)).toBe(question);
  });
});
