import type { WordLists } from "./word-lists.ts";

/** Dutch word lists for the extractive generator's precision rules (see `index.ts`). */
export const nl: WordLists = {
  determiners: "een de het zijn haar hun ons onze elk elke ieder iedere geen".split(" "),
  pronouns: "het hij zij ze je jij u we wij men dit dat deze die er hem haar hen hun".split(" "),
  clauseOpeners:
    "zodra wanneer zolang als omdat doordat terwijl nadat voordat toen sinds hoewel totdat zodat waardoor dus daarna dan".split(
      " ",
    ),
  finiteAuxiliaries:
    "is zijn was waren heeft hebben had hadden wordt worden werd werden kan kunnen kon konden zal zullen zou zouden moet moeten mag mogen".split(
      " ",
    ),
  relativePronouns: "die dat wat waar waarin waarmee waarvan waardoor waarop waarbij waaruit welke".split(
    " ",
  ),
  continuing:
    "een de het van in op aan voor met door uit naar bij over onder tot om en of maar dan als dat die wat zijn haar hun deze dit is was wordt werd heeft kan zal".split(
      " ",
    ),
  nameMarkers: "zogenoemde zogenaamde zogeheten genaamd genoemd".split(" "),
  relationalHeads:
    "factor factoren onderdeel onderdelen deel aspect aspecten element elementen voorbeeld voorbeelden reden redenen manier manieren resultaat gevolg probleem problemen kwestie uitdaging uitdagingen prioriteit stap stappen drijfveer drempel".split(
      " ",
    ),
  linkingPrepositions: "van".split(" "),
  quantities: (
    "duizenden honderden miljoenen miljarden tientallen druppel druppels beetje paar aantal hoeveelheid " +
    "veel weinig meeste enkele sommige bijna ongeveer derde helft kwart procent meerderheid minderheid massa " +
    "reeks waaier"
  ).split(" "),
  hedges:
    "deels gedeeltelijk grotendeels soms vaak meestal doorgaans bijna ongeveer mogelijk waarschijnlijk niet nauwelijks enigszins".split(
      " ",
    ),
  vagueModifiers: (
    "eigen nieuwe oude andere hele meer minder " +
    "goede grote belangrijke uitstekende enorme kleine dagelijkse nuttige handige eenvoudige moeilijke " +
    "beste betere inspirerende"
  ).split(" "),
  generalNouns: (
    "land vandaag morgen gisteren plaats plaatsen gebied gebieden ding dingen manier manieren deel delen " +
    "kant kanten soort soorten mensen mens tijd tijden wereld leven dag dagen vorm vormen groep groepen " +
    "punt punten zaak zaken feit feiten idee voorbeeld voorbeelden naam namen lijn lijnen gebruik " +
    // read as a subtopic title: "Gedeelte" ("Deze maatregel dekt (een gedeelte van) een eis …").
    "gedeelte gedeelten geheel " +
    // read as a blank: "om je ___ bij te houden" → werk (iemands werk, van welke aard ook).
    "werk " +
    "gebrek " +
    // Words about words name no idea ("de term „strategie”").
    "term termen woord woorden"
  ).split(" "),
  numbers:
    "twee drie vier vijf zes zeven acht negen tien elf twaalf twintig dertig veertig vijftig honderd duizend miljoen miljard".split(
      " ",
    ),
  listJoiners: "en of en/of".split(" "),
  unhyphenatedPrefixes: "be ge ver her ont er".split(" "),
  infinitiveMarkers: ["te"],
  nameJoiners: "van voor".split(" "),
  subjectPronouns: "ik je jij u hij zij ze we wij men".split(" "),
  pluralSubjectPronouns: "ze zij".split(" "),
  pluralPronounForms: "ze zij hen hun".split(" "),
  fixedExpressions: [
    "aan de hand van",
    "op verzoek van",
    "in opdracht van",
    "op initiatief van",
    "in plaats van",
    "met behulp van",
    "op basis van",
    "op grond van",
    "ten opzichte van",
    "in het kader van",
    "naar aanleiding van",
    "in de loop van",
    "ten koste van",
    "in de gaten",
    "aan de orde",
    "ter sprake",
    "in staat",
    "in het algemeen",
    "in ieder geval",
    "op die manier",
    "met name",
    "van toepassing",
    "in vergelijking met",
    "in vergelijking tot",
    "sprake van",
    "in strijd met",
    "rekening met",
    // Fixed prepositional phrases: the noun names a field or a manner, not a term ("in ___" → de zorg).
    "in de zorg",
    "in de praktijk",
    "in de regel",
    "in de toekomst",
    "in de tussentijd",
    "in het onderwijs",
    "op de hoogte",
    "op termijn",
    "in de loop der tijd",
    "van tijd tot tijd",
    // Light verbs with a noun: the noun carries no meaning of its own there ("dat ___ maakt van").
    "van belang",
    "gebruik maken",
    "gebruik maakt",
    "gebruik gemaakt",
    "gebruik maakte",
    "gebruik maakten",
    "onderzoek gedaan",
    "onderzoek doen",
    // Idioms whose noun means nothing on its own.
    "in principe",
    "van plan",
    "op de duur",
    "in feite",
    "in elk geval",
    "in de eerste plaats",
    "in het bijzonder",
    "in wezen",
    "op zich",
    "bij uitstek",
    "langs de andere kant",
    "aan de andere kant",
    "aan de slag",
    "woord van dank",
    "het levenslicht",
  ],
  pluralEndings: "en ën es els ers ems ens jes 's".split(" "),
  singularEndings: "heid ing isme us is as os ies ees ces teken wapen examen".split(" "),
  separableParticles: "uit aan op af in mee door om over toe terug voor na bij weg samen tegen".split(" "),
  detailOpeners: [
    "die",
    "wat",
    "waarbij",
    "waarin",
    "waarmee",
    "waarop",
    "zodat",
    "terwijl",
    "hoewel",
    "zoals",
    "bijvoorbeeld",
    "bv.",
    "bijv.",
    "o.a.",
    "onder andere",
    "vooral",
    "met name",
  ],
  absoluteWords: "altijd nooit alleen uitsluitend".split(" "),
  exampleMarkers: ["zoals"],
  instanceMarkers: ["bijvoorbeeld", "bijv.", "bv.", "denk aan", "een voorbeeld"],
  pointerWords:
    "fig figuur figuren tabel tabellen paragraaf paragrafen sectie secties hoofdstuk hoofdstukken bijlage bijlagen vergelijking".split(
      " ",
    ),
  pointerLeads: ["zie", "vgl"],
  // And the author's organisation ("waarvoor wij in 2014 het predicaat ontvingen", graded false once the
  // organisation went unnamed); an unstressed "we" is often the reader and the author together.
  authorWords: "ik me mij mijn mezelf mijzelf wij onze".split(" "),
  linkingOpeners: [],
  contrastJoiners: "maar doch".split(" "),
  causalConnectives: [
    "doordat",
    "omdat",
    "daardoor",
    "hierdoor",
    "waardoor",
    "daarom",
    "dus",
    "als gevolg van",
    "vanwege",
    "dankzij",
    "dat komt doordat",
    // "aangezien" and "want" give a reason as "omdat" does: a stand-in's "omdat" for a line's "aangezien"
    // was told it stated a cause no line states.
    "aangezien",
    "want",
    "zodat",
  ],
  purposeMarkers: ["zodat", "opdat", "teneinde", "om … te", "met als doel", "met het doel", "bedoeld om"],
  subordinators:
    "of als omdat doordat zodat terwijl nadat voordat hoewel wanneer zodra totdat tenzij indien mits opdat aangezien waardoor waarna".split(
      " ",
    ),
  subordinatorsBeforeSubject: ["dat"],
  // Not "ook": "Discriminatie ontstaat ook indirect" says it arises directly too; without it the claim changes.
  neutralAdverbs: "echter namelijk daarom dus immers eigenlijk natuurlijk gewoon".split(" "),
  keptAdverbPhrases: [],
  presentCopulas: ["is", "zijn"],
  objectivesHeadings: ["leerdoelen", "leerdoel", "leerresultaten", "leeruitkomsten", "doelstellingen"],
  frontMatterHeadings: [
    "inhoud",
    "inhoudsopgave",
    "inhoudstafel",
    "lijst van tabellen",
    "lijst van figuren",
    "lijst van afbeeldingen",
    "documentgegevens",
    "documenthistorie",
    "documentgeschiedenis",
    "versiebeheer",
    "versiegeschiedenis",
    "wijzigingshistorie",
    "disclaimer",
    "colofon",
    "dankwoord",
    "dankbetuiging",
    "credits",
    "beeldverantwoording",
    "financiering",
  ],
  calloutHeadings: [
    "tip",
    "tips",
    "let op",
    "opmerking",
    "waarschuwing",
    "nb",
    "meer weten",
    "meer informatie",
    "goed om te weten",
    "wist je dat",
    "voorbeeld",
    "kader",
  ],
  pointingWords: (
    "hiervan daarvan hierin daarin hiermee daarmee hiervoor daarvoor hierop daarop hieruit daaruit " +
    "hierover daarover hiertoe daartoe hieraan daaraan hierna ervan erin ermee ervoor erop eruit erover " +
    "ertoe eraan laatstgenoemde eerstgenoemde bovenstaande onderstaande bovengenoemde voornoemde"
  ).split(" "),
  fragmentOpeners: (
    "ene ander andere zulke zo'n dergelijke desbetreffende betreffende voornoemde bovengenoemde genoemde " +
    "laatstgenoemde eerstgenoemde deze dit die dat elk elke ieder iedere welke beide " +
    "onderstaande bovenstaande"
  ).split(" "),
  demonstratives: "deze dit zo'n zulke dergelijke".split(" "),
  clauseEndDemonstratives: ["die", "dat"],
  documentParts:
    "hoofdstuk hoofdstukken paragraaf paragrafen sectie secties bijlage bijlagen figuur figuren tabel tabellen pagina paginas alinea alinea's".split(
      " ",
    ),
  timeUnits: (
    "seconde seconden minuut minuten uur uren dag dagen week weken maand maanden kwartaal kwartalen " +
    "jaar jaren decennium decennia eeuw eeuwen periode periodes tijd tijden moment momenten"
  ).split(" "),
  relativeTimeModifiers:
    "komende afgelopen volgende vorige eerstvolgende huidige toekomstige recente laatste eerste".split(" "),
  imageWords: ["metafoor", "beeldspraak", "spreekwoord", "gezegde"],
  // Not "als een" or "zoals een": "zowel een directe als een indirecte", "fungeert als een filter" and
  // "zoals een apotheek" (an example) compare nothing.
  simileMarkers: [
    "net als",
    "net zoals",
    "als het ware",
    "te vergelijken met",
    "vergeleken met",
    "zo … als",
    "even … als",
  ],
  notSimiles: ["zo goed als", "zo snel mogelijk"],
  figureAppliers: ["net zo", "evenzo", "zo is het ook", "zo werkt het ook", "op dezelfde manier"],
  agentHeads: (
    "leverancier leveranciers aanbieder aanbieders organisatie organisaties instelling instellingen " +
    "partij partijen bedrijf bedrijven overheid overheden gemeente gemeenten ministerie ministeries " +
    "minister ministers raad commissie commissies dienst diensten autoriteit autoriteiten bestuur " +
    "werkgroep werkgroepen vereniging verenigingen stichting stichtingen onderzoeker onderzoekers " +
    "ontwikkelaar ontwikkelaars gebruiker gebruikers verlener verleners burger burgers medewerker " +
    "medewerkers deskundige deskundigen expert experts team teams koepel koepels"
  ).split(" "),
  agentPrepositions: ["door"],
  wrongOption: {
    termElsewhere: "„{option}” komt in de tekst in een ander verband voor: ‘{quote}’",
    causeOfOther: "„{option}” is in de tekst de reden voor iets anders: ‘{quote}’",
    effectOfOther: "„{option}” is in de tekst het gevolg van iets anders: ‘{quote}’",
    statementElsewhere: "„{option}” staat in de tekst bij „{part}”, niet als reden hier.",
    ellipsis: "…",
  },
};
