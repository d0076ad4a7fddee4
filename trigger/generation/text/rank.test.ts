import { describe, expect, it } from "vitest";
import { pastedSentences } from "../fixtures/pasted.ts";
import { keyPhrases, leansOnContext, TermWeights, withoutLeaningOnDropped } from "./rank.ts";

describe("withoutLeaningOnDropped: a dropped line takes the lines pointing back to it along", () => {
  const drops = (line: string) => line.includes("DROP");
  it.each([
    { lines: ["A DROP line.", "It works fast.", "Water flows downhill."], kept: ["Water flows downhill."] },
    {
      lines: ["A DROP line.", "Water flows downhill.", "It works fast."],
      kept: ["Water flows downhill.", "It works fast."],
    },
    { lines: ["Water flows downhill.", "It works fast."], kept: ["Water flows downhill.", "It works fast."] },
    {
      lines: ["A DROP line.", "It works fast.", "This too.", "Dijken houden water tegen."],
      kept: ["Dijken houden water tegen."],
    },
  ])("$lines → $kept", ({ lines, kept }) => {
    expect(withoutLeaningOnDropped(lines, drops)).toEqual(kept);
  });
});

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
    ["Er is geen beveiliging voor RPI’s zoals beschreven bij Apple.", true],
    ["Sindsdien wordt BOMOS in de praktijk gebruikt.", true],
    ["Later zijn aanpassingen geïntroduceerd, maar de oorspronkelijke definitie is het meest open.", true],
    ["Afterwards, the package was split into two parts.", true],
    ["Open the outbreak.info website that we just used in the exercise above.", true],
    ["The result is summarised in the table below, per variant.", true],
    ["Water boils above 100 degrees at high pressure.", false],
    ["Een latere versie van de standaard is in 2020 verschenen.", false],
    ["The keys are rotated every day, as described in the Android section.", true],
    ["Zoals eerder besproken gebruikt de app Bluetooth.", true],
    ["Het protocol is beschreven in een openbare specificatie.", false],
    ["Functions let you reuse a block of code.", false],
    ["That", false],
    ["Again, this suffered from the overconfidence problem.", true],
    ["Ook deze methode werkt niet bij kleine steekproeven.", true],
    ["Again the model was trained on the whole corpus.", false],
    ["Voor andere rechtspersonen zoals bedrijven kan dit ook van toepassing zijn.", true],
    ["In de winter is dit niet anders.", true],
    ["In de winter stijgt het water tot aan de dijk.", false],
    ["Daarbij kan dit proces jaren duren.", true],
    // read in recaps, pointing at nothing said: "Hieruit bleek …", "Instead, put if/else statements …"
    ["Hieruit bleek dat er onvoldoende statistisch verband was.", true],
    ["Instead, put if/else statements in the program to control what it does.", true],
    ["Kan dit proces jaren duren in een grote organisatie?", false],
    // read in a recap: what "daar … over" stands for was said in the sentence before
    ["De website van de bib heeft daar ook enkele algemene raadgevingen over.", true],
    ["Daar woont de helft van de bevolking.", true],
    ["Daarnaast is een goede planning belangrijk voor elk project.", false],
    // read as a cause question and an objective: "these" are the three parts listed before
    ["Rumelt calls these the “kernel” of good strategy because they are all necessary.", true],
    ["Rumelt calls the three parts the kernel of good strategy.", false],
    // read in a thesis guide's course: what "hiervoor" and "dit" stand for was said before
    ["Binaire bestandsformaten zoals documenten van Word zijn hiervoor niet geschikt.", true],
    ["Zoals je weet is dit een tekstzetsysteem met een markuptaal.", true],
    ["Een titel bevat daarnaast ook het onderzoeksdomein.", false],
    // read in a recap whose sentence before had gone: "it" is the genome sequence
    ["In particular, it made it possible to develop a vaccine within a year.", true],
    ["In particular, the genome made it possible to develop a vaccine.", false],
    ["The latter is bigger than just Bayesian statistics.", true],
    // read in a recap without the sentences they point to
    ["Since then it has steadily grown in use inside and outside the community.", true],
    ["If a non-linear scale transformation is applied, this will result in incorrect densities.", true],
    ["Since 2010 the package has steadily grown in use.", false],
    ["Per Google Scholar, it has been cited 46 times.", true],
    ["In de winter, ze trekken naar het zuiden.", true],
    ["Per Google Scholar, the package has been cited 46 times.", false],
    ["When it rains, the river floods the low fields.", false],
    ["Latter-day saints settled the valley in the nineteenth century.", false],
    // read as study text, recap and podcast turns without the sentence they continue or point at
    ["Of je hebt een goede reden (objectieve rechtvaardiging).", true],
    ["And, contrary to popular opinion, both can be done within the same framework.", true],
    ["But most systems do not have the luxury of a large user base.", true],
    ["Recognizing the broader need, the author started a new package.", false],
    ["Recognizing this broader need, the author started a new package.", true],
    ["Several other features have stemmed from interactions of this kind.", true],
    ["Users appreciate these shortcuts when they start.", true],
    ["Only those who learn a language early speak it without an accent.", false],
    ["Let daarom steeds op bias in de data.", true],
    ["It is therefore important to check the data.", true],
    ["Checking the data is important before any analysis.", false],
    ["Andere landen volgen het voorbeeld pas later.", false],
    ["Ordinal scales rank values without measuring distances.", false],
  ] as const)("%s → %s", (text, expected) => {
    expect(leansOnContext(text)).toBe(expected);
  });
});

// An option takes the indefinite article the text itself writes before the phrase, and none where the
// phrase only begins a longer one ("a data set" gives "data" no article).
describe("keyPhrases: the indefinite article of a phrase", () => {
  it.each([
    ["Every record gets a unique identifier when it is stored.", "unique identifier", "a"],
    ["The pump runs for an hour before the polder is dry.", "hour", "an"],
    ["A metre is a unit of length in the metric system.", "unit", "a"],
    ["The firm builds a data centre near the river.", "data centre", "a"],
    [
      "The agency works on public health. They declared a public health emergency in the region.",
      "public health",
      null,
    ],
    ["Een dijk is een wal langs de rivier.", "wal", "een"],
  ] as const)("%s → %s: %s", async (text, key, article) => {
    const sentences = await pastedSentences(text);
    const phrase = keyPhrases(sentences, new TermWeights(sentences)).find((found) => found.key === key);
    expect(phrase).toBeDefined();
    expect(phrase?.indefinite).toBe(article);
  });
});

describe("keyPhrases: a run of content words stops at a pronoun", () => {
  it.each([
    ["Without a licence nobody may legally reuse the code of the project.", "licence nobody"],
    ["Zonder licentie mag niemand de code van het project hergebruiken.", "licentie niemand"],
  ])("%s has no phrase %j", async (text, phrase) => {
    const sentences = await pastedSentences(text);
    const keys = keyPhrases(sentences, new TermWeights(sentences)).map((found) => found.key);
    expect(keys).not.toContain(phrase);
    expect(keys.length).toBeGreaterThan(0);
  });
});
