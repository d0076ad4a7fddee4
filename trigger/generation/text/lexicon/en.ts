import type { WordLists } from "./word-lists.ts";

/** English word lists for the extractive generator's precision rules (see `index.ts`). */
export const en: WordLists = {
  determiners: "a an the its their his her our your my some each every any no".split(" "),
  pronouns: "it they he she we you i them him us this that these those there".split(" "),
  clauseOpeners:
    "once when while if because since after before as although though until unless whereas where so then".split(
      " ",
    ),
  finiteAuxiliaries:
    "is are was were has have had do does did can could will would may might must shall should".split(" "),
  relativePronouns: "that which who whom whose where when".split(" "),
  continuing:
    "a an the of in on at to for from with by into onto through about and or but than as that which who whose its their his her our your my this these those is are was were be been has have had can will would".split(
      " ",
    ),
  nameMarkers: "so-called called named".split(" "),
  relationalHeads:
    "factor factors part parts aspect aspects element elements example examples reason reasons way ways result results problem problems issue issues challenge challenges priority step steps driver drivers barrier barriers".split(
      " ",
    ),
  linkingPrepositions: "of".split(" "),
  quantities: (
    "thousands hundreds millions billions dozens drop drops bit bits lot lots handful couple number amount " +
    "amounts many much few several most some plenty majority minority percent percentage half quarter " +
    "almost nearly about third " +
    // read as a blank: "covers ___ of topics" → a broad range
    "range variety"
  ).split(" "),
  hedges:
    "partly partially largely mostly sometimes often usually generally almost nearly roughly about possibly probably not hardly somewhat".split(
      " ",
    ),
  // Besides vague ones, evaluative modifiers: "a key role", "an excellent solution", "a daily basis" were
  // graded trivia, phrases of several words that name no concept.
  vagueModifiers: (
    "own new old other whole main fewer less more same " +
    "key good great excellent huge important major big small large daily challenging useful powerful " +
    "simple easy best better inspiring"
  ).split(" "),
  generalNouns: (
    "land today tomorrow yesterday place places area areas thing things way ways part parts side sides " +
    "kind kinds type types sort lot people person time times world life day days use form forms group groups " +
    "point points matter matters case cases fact facts idea ideas example examples name names line lines " +
    // read as subtopic titles and blanks: "Need" ("Anticipate the ___ to use multiple tables").
    "need needs " +
    // read as a blank: "the ___ of funding" → lack
    "lack " +
    // read as a blank: "to keep track of your ___" → work (one's work, of any kind).
    "work " +
    // Words about words name no idea: "Term" ("people tend to overuse the term “strategy”").
    "term terms word words phrase phrases " +
    // Pieces of web addresses ("https://…") are no terms either.
    "https http www"
  ).split(" "),
  numbers:
    "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand million billion".split(
      " ",
    ),
  listJoiners: "and or and/or".split(" "),
  unhyphenatedPrefixes: [],
  infinitiveMarkers: ["to"],
  nameJoiners: "of for".split(" "),
  fixedExpressions: [
    "in terms of",
    "on behalf of",
    "at the request of",
    "by means of",
    "in spite of",
    "on the basis of",
    "as a result of",
    "in case of",
    "with respect to",
    "in order to",
    "on the other hand",
    "at the same time",
    "in front of",
    "in fact",
    "for example",
    "for instance",
    "in particular",
    "in general",
    "in practice",
    "in the future",
    "in the meantime",
    "in the long run",
    "in principle",
    "in the first place",
    "in any case",
    "in essence",
    "by default",
    "in health care",
    "in healthcare",
    // Light verbs with a noun: the noun carries no meaning of its own there ("made ___ of").
    "make use of",
    "makes use of",
    "made use of",
    "of importance",
    "take into account",
    "taken into account",
    "take place",
    "takes place",
    "took place",
  ],
  subjectPronouns: "i you he she it we they".split(" "),
  pluralSubjectPronouns: ["they"],
  pluralPronounForms: "they them their theirs themselves".split(" "),
  pluralEndings: "s".split(" "),
  singularEndings: "ss us is ics ous as".split(" "),
  separableParticles: [],
  detailOpeners: [
    "which",
    "who",
    "whose",
    "where",
    "while",
    "whereas",
    "although",
    "though",
    "so that",
    "such as",
    "for example",
    "for instance",
    "including",
    "e.g.",
    "i.e.",
    "as well as",
    "especially",
    "particularly",
  ],
  absoluteWords: "always never only".split(" "),
  exampleMarkers: ["such as", "including", "e.g."],
  instanceMarkers: ["for example", "for instance", "e.g.", "an example"],
  pointerWords:
    "fig figs figure figures table tables sec section sections chapter chapters appendix eq eqs equation equations".split(
      " ",
    ),
  pointerLeads: ["see", "cf"],
  // With the contractions as words() reads them, straight and curly ("I’ll discuss …").
  // And the author's organisation or course ("our workshop", "on our training machines"); "we" alone is
  // often the reader and the author together ("we can plot this distribution"), and stays.
  authorWords: "i me my mine myself i'm i’m i've i’ve i'll i’ll i'd i’d our ours".split(" "),
  linkingOpeners: [
    // A list's ordinals: "Second, raw data should not change." states the point without them.
    "first",
    "firstly",
    "second",
    "secondly",
    "third",
    "thirdly",
    "finally",
    "lastly",
    "however",
    "moreover",
    "furthermore",
    "in addition",
    "in particular",
    "since then",
    "additionally",
    "for example",
    "for instance",
    "also",
    "thus",
    "in fact",
    "in practice",
    "in this case",
    "in many cases",
    "of course",
    "in other words",
  ],
  contrastJoiners: "but yet".split(" "),
  causalConnectives: [
    "because",
    "therefore",
    "thus",
    "hence",
    "consequently",
    "as a result",
    "due to",
    "owing to",
    // "This is required, since …" gives a reason (a stand-in's "because" for it was dropped); a temporal
    // "since 2019" in a turn is kept only where its lines say "since" too.
    "since",
    "that is why",
    "this is why",
    "which is why",
    // "This led to the WHO declaring …" states the consequence a paraphrase's "As a result" says.
    "led to",
    "leads to",
    "lead to",
    "leading to",
    "resulted in",
    "results in",
  ],
  purposeMarkers: [
    "so that",
    "so as to",
    "in order to",
    "in order that",
    "with the aim of",
    "for the purpose of",
  ],
  subordinators: "if whether because although though unless whereas while once".split(" "),
  subordinatorsBeforeSubject: ["that"],
  // Not "also": "Volcanoes also form where …" says there are other places; without it the claim changes.
  neutralAdverbs: "however therefore thus indeed moreover furthermore actually consequently".split(" "),
  keptAdverbPhrases: ["thus far"],
  presentCopulas: ["is", "are"],
  objectivesHeadings: [
    "learning objectives",
    "learning objective",
    "learning outcomes",
    "learning goals",
    "objectives",
    "intended learning outcomes",
  ],
  frontMatterHeadings: [
    "contents",
    "table of contents",
    "list of tables",
    "list of figures",
    "list of illustrations",
    "document metadata",
    "document history",
    "document control",
    "revision history",
    "version history",
    "change history",
    "disclaimer",
    "colophon",
    // Thanks and credits teach nothing of the subject ("Acknowledgements / Contributions" closing a deck).
    "acknowledgements",
    "acknowledgments",
    "contributions",
    "author contributions",
    "credits",
    "figure credits",
    "image credits",
    "funding",
    "supplemental materials",
    "supplementary materials",
    "supplementary material",
  ],
  calloutHeadings: [
    "tip",
    "tips",
    "note",
    "notes",
    "warning",
    "caution",
    "important",
    "remember",
    "hint",
    "info",
    "did you know",
    "more information",
    "example",
    "sidebar",
  ],
  pointingWords:
    "thereof hereof herein therein thereby hereby thereto hereto aforementioned latter former above below".split(
      " ",
    ),
  fragmentOpeners: "another other such said this these that those each every either neither both".split(" "),
  demonstratives: "this these those such".split(" "),
  clauseEndDemonstratives: ["that"],
  documentParts:
    "section sections chapter chapters paragraph paragraphs appendix appendices figure figures table tables page pages".split(
      " ",
    ),
  timeUnits: (
    "second seconds minute minutes hour hours day days week weeks month months quarter quarters year " +
    "years decade decades century centuries period periods time times moment moments"
  ).split(" "),
  relativeTimeModifiers: "coming next last past previous following current upcoming recent first".split(" "),
  imageWords: ["metaphor", "analogy", "proverb", "saying"],
  simileMarkers: [
    "like a",
    "like an",
    "as if",
    "as though",
    "just as",
    "just like",
    "so to speak",
    "compared to",
    "compared with",
    "as … as",
  ],
  notSimiles: [
    "as well as",
    "as soon as",
    "as long as",
    "as far as",
    "as much as",
    "as many as",
    "as good as",
  ],
  figureAppliers: ["similarly", "likewise", "in the same way", "just so"],
  agentHeads: (
    "supplier suppliers vendor vendors provider providers organisation organisations organization " +
    "organizations institution institutions party parties company companies government governments " +
    "ministry ministries minister ministers council committee committees agency agencies authority " +
    "authorities board association associations foundation foundations researcher researchers developer " +
    "developers user users citizen citizens employee employees expert experts team teams author authors " +
    "manufacturer manufacturers consortium"
  ).split(" "),
  agentPrepositions: ["by"],
  wrongOption: {
    termElsewhere: "The text uses “{option}” in another context: ‘{quote}’",
    causeOfOther: "“{option}” is the reason the text gives for something else: ‘{quote}’",
    effectOfOther: "“{option}” is what the text gives as the result of something else: ‘{quote}’",
    // A graded explanation read "… but in another context: ‘Virus’": a part's title is no quote.
    statementElsewhere: "The text says “{option}” in the part about “{part}”, not as the reason here.",
    ellipsis: "…",
  },
};
