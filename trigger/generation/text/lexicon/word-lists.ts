/**
 * The word lists the extractive generator's precision rules read, one module per language, so a rule
 * is data: what counts as a determiner, a clause opener, a quantity or a general noun in that language.
 * Each list is read by one function (see `text/phrase-checks.ts` and `text/why-question.ts`).
 */
/**
 * The languages the offline generator writes: its word lists and patterns exist for these only. Defined
 * here, with the lists, and re-exported by `text/language.ts`, which reads the lists.
 */
export type Language = "en" | "nl";

export interface WordLists {
  /** Articles and possessives that open a noun phrase ("a", "the", "een", "de"); demonstratives point back. */
  determiners: readonly string[];
  /** Personal and demonstrative pronouns: an answer led or ended by one is a fragment ("it", "ze"). */
  pronouns: readonly string[];
  /** Words that open a clause, never a noun phrase ("once", "when", "zodra", "omdat"). */
  clauseOpeners: readonly string[];
  /** Finite auxiliaries and copulas: the part of a noun phrase before its relative clause holds none. */
  finiteAuxiliaries: readonly string[];
  /** Relative pronouns that open the clause describing a noun ("that", "die", "waar"). */
  relativePronouns: readonly string[];
  /** Words after which a phrase must go on: an answer ending in one stops mid-phrase. */
  continuing: readonly string[];
  /** Words saying that what follows is a name, not a description ("so-called", "zogenoemde"). */
  nameMarkers: readonly string[];
  /**
   * Nouns that place a thing among others or judge it rather than say what it is ("a key factor in …",
   * "een belangrijk onderdeel van …"): a phrase headed by one is a property, never a definition.
   */
  relationalHeads: readonly string[];
  /** Prepositions that join a noun to the one before ("the Society of Suriname"): what follows is no head. */
  linkingPrepositions: readonly string[];
  /** Amounts and degrees: never a blank or an option ("thousands", "a drop", "bijna"). */
  quantities: readonly string[];
  /**
   * Words that limit how far a claim goes ("partly", "deels", "soms"): a summary that drops one, even set
   * in parentheses ("(deels) gegenereerd"), says more than the text.
   */
  hedges: readonly string[];
  /** Modifiers that say nothing of their own: a phrase they open is no key term ("new machines", "own weight"). */
  vagueModifiers: readonly string[];
  /** Nouns too general to ask for ("land", "today", "gebied"). */
  generalNouns: readonly string[];
  /** Cardinal numbers as words: a word right after one is counted, not named ("twee eeuwen"). */
  numbers: readonly string[];
  /** Words that join the last items of a list ("and", "en"): a list item is no key term to blank. */
  listJoiners: readonly string[];
  /**
   * Unstressed prefixes that never take a hyphen before a vowel ("beantwoorden", not "be-antwoorden"): a
   * hyphen after one at a line end is the typesetter's, whatever the vowels.
   */
  unhyphenatedPrefixes: readonly string[];
  /**
   * Words after which a bare word is a verb, not a noun ("om te toetsen", "to measure"): no blank there,
   * as noun options could not fill it. English "to" counts only before a word the lexicon knows as a verb.
   */
  infinitiveMarkers: readonly string[];
  /**
   * Prepositions that join a common noun to the name after it, making it the head of that name ("het
   * ministerie van Binnenlandse Zaken", "the University of Leeds"): the noun is then no blank.
   */
  nameJoiners: readonly string[];
  /** Personal pronouns that can stand right after a finite verb as its subject ("merk je", "gaan we"). */
  subjectPronouns: readonly string[];
  /**
   * Plural personal pronouns that can be a clause's subject ("they", "ze"): one may be read as the
   * plural noun phrase the sentence before opens with, when nothing else there could be meant.
   */
  pluralSubjectPronouns: readonly string[];
  /** Every form of the plural personal pronoun ("they", "them", "their"; "ze", "hen", "hun"). */
  pluralPronounForms: readonly string[];
  /** Fixed expressions whose nouns carry no meaning of their own: never a blank ("aan de hand van"). */
  fixedExpressions: readonly string[];
  /** Endings of plural nouns, for words the lexicon does not know ("keuzes", "metrieken", "models"). */
  pluralEndings: readonly string[];
  /** Endings that look plural but are singular ("analysis", "vergadering", "bias", "proces"). */
  singularEndings: readonly string[];
  /** Particles of separable verbs: "uitvoeren" is the verb "voeren", never a term or an option. */
  separableParticles: readonly string[];
  /**
   * Connectives of purpose ("so that", "zodat", "om … te"; "…" stands for any words): what follows is
   * an aim, not a cause, so no "Why …? Because …" item is built on it.
   */
  purposeMarkers: readonly string[];
  /**
   * Connectives that say one thing causes another ("because", "daardoor"): a paraphrase that uses one
   * where its cited lines use none states a cause the source does not.
   */
  causalConnectives: readonly string[];
  /** Joiners of a contrasting clause ("…, but …", "…, maar …"): what follows is no part of an effect. */
  contrastJoiners: readonly string[];
  /** Openers of a trailing clause a summary leaves out after a comma ("…, which …", "…, zoals …"). */
  detailOpeners: readonly string[];
  /**
   * Absolute words a test-wise learner rules an option out by ("always", "nooit"): the quality check
   * counts questions with them only in wrong options, and a model's request names the same words.
   */
  absoluteWords: readonly string[];
  /** Words that open examples, left out of a key point wherever they start its last stretch ("such as", "zoals"). */
  exampleMarkers: readonly string[];
  /**
   * Words that make a whole sentence an instance of what the text says around it ("for example",
   * "bijvoorbeeld"): the study text shows it as the example, and no blank is made in it, as its details
   * illustrate rather than teach (a camera in "Een camera met gezichtsherkenning herkent bijvoorbeeld
   * geen vrouwen van kleur" is no key term, and "een algoritme" in its place is just as true).
   */
  instanceMarkers: readonly string[];
  /**
   * Words that point to another part of the document in a parenthesis ("(Fig. 2A)", "(zie tabel 3)"),
   * with the words that may lead them (`pointerLeads`: "see", "zie"). Such a pointer is no part of a
   * claim, and a learner cannot follow it: it leaves the text items are made from.
   */
  pointerWords: readonly string[];
  /**
   * The author's own voice ("I", "my", "ik", "mijn"): a sentence in it cannot be spoken by the recap's
   * expert, who would claim to be the author ("in 2020 I spun off … into a new package").
   */
  authorWords: readonly string[];
  pointerLeads: readonly string[];
  /**
   * Sentence openers that only link to the sentence before ("However,"): a key point drops them. Only
   * where the rest keeps its word order (English); Dutch inverts after them, so its list is empty.
   */
  linkingOpeners: readonly string[];
  /**
   * Subordinating conjunctions that open a dependent clause ("omdat", "of", "if", "whether"): a
   * sentence opening with one holds a main clause only after a comma ("Als …, dan …"); without one it is
   * a fragment, no stem for a question. Words that also open main clauses as prepositions ("since",
   * "after", "sinds") are left out: a fragment is then missed, never a main clause refused.
   */
  subordinators: readonly string[];
  /**
   * Conjunctions that are also demonstratives ("dat", "that"): subordinating only before a subject
   * ("Dat een algoritme …", "That the earth …"), a main clause's subject before a noun or verb ("Dat
   * proces heet …", "That is why …").
   */
  subordinatorsBeforeSubject: readonly string[];
  /**
   * Headings that label a box or aside rather than name a topic ("Tip", "Let op", "Note"): never a
   * chapter or subtopic of their own, their text belongs to the section around them.
   */
  calloutHeadings: readonly string[];
  /**
   * Headings of a box of learning objectives ("Learning objectives", "Leerdoelen"): what the learner
   * will be able to do, not what the material says, so neither a section nor text to teach from.
   */
  objectivesHeadings: readonly string[];
  /**
   * Headings of a document's front matter ("Contents", "List of Tables", "Document Metadata",
   * "Colofon"): they point at the document or describe it, so they open no section, their text is not
   * taught, and their level says nothing about the sections' (a report sets them larger than its
   * chapters).
   */
  frontMatterHeadings: readonly string[];
  /**
   * Adverbs that link or stress but state nothing ("daarom", "echter", "also", "however"): a spoken key
   * point leaves them out inside a clause, which is still what the text says. Never at the start (Dutch
   * inverts after them), and never in a phrase of `keptAdverbPhrases` ("ook al" means "even though").
   */
  neutralAdverbs: readonly string[];
  /** Phrases that open with a neutral adverb but mean something else: kept whole. */
  keptAdverbPhrases: readonly string[];
  /**
   * Present-tense copulas ("is", "zijn", "are"): a spoken key point leads with the concept, "X is Y"
   * said as "X: Y". Past forms stay as written, since "X: Y" would drop the tense.
   */
  presentCopulas: readonly string[];
  /**
   * Words that only point at something said before or nearby ("hiervan", "daarin", "thereof"): a phrase
   * holding one names nothing on its own, so it is never a title, a defined term, a blank or an option
   * ("Concreet voorbeeld hiervan"). Read as function words everywhere.
   */
  pointingWords: readonly string[];
  /**
   * Determiner forms that open a phrase only inside its sentence ("de ene zorgaanbieder", "such a
   * case"): a phrase they open is a fragment, never a title or a term ("Ene zorgaanbieder").
   */
  fragmentOpeners: readonly string[];
  /**
   * Demonstratives that point back ("deze", "this"): a blank right after one asks for a word whose
   * referent is in another sentence ("Gebruik van deze ___ wordt …" → factoren). Not "die"/"dat",
   * "that": they are also relative pronouns and conjunctions ("cellen die ___ vervoeren").
   */
  demonstratives: readonly string[];
  /**
   * Words that are demonstratives only where no clause follows ("dat ___." but not "dat ___ verdampt"):
   * "die", "dat", "that" right before a blank that ends its clause.
   */
  clauseEndDemonstratives: readonly string[];
  /** Parts of a document ("section", "hoofdstuk", "figuur"): a phrase they head points into the text, no term. */
  documentParts: readonly string[];
  /** Units of time ("maanden", "years"): with nothing but a relative modifier they say when, no term. */
  timeUnits: readonly string[];
  /** Modifiers that place a time relative to now ("komende", "afgelopen", "next", "past"). */
  relativeTimeModifiers: readonly string[];
  /**
   * Words that say a whole sentence is an image ("metafoor", "proverb"): its words belong to the image,
   * not to what the text teaches, so none is a blank or a title.
   */
  imageWords: readonly string[];
  /**
   * Markers of a comparison ("net als", "like a", "as … as"; "…" stands for one word): the rest of the
   * clause after one is the image ("as fast as your fingernails grow"), never a blank or a title; the
   * words before it are what the text says ("The Earth is built of layers, like an onion").
   */
  simileMarkers: readonly string[];
  /** Phrases a simile marker matches that compare nothing ("as well as", "as soon as", "zo goed als"). */
  notSimiles: readonly string[];
  /**
   * Sentence openers that apply the image of the sentence before ("Net zo", "Similarly"): that whole
   * sentence was an image ("Een moer is waardeloos zonder een bout. Net zo is …").
   */
  figureAppliers: readonly string[];
  /**
   * Heads of nouns that name an actor (a person or an organisation: "leverancier", "ministerie",
   * "supplier"); a compound ending in one is one too. A blank for an actor ("opgesteld door ___") gets
   * only actors as wrong options, else no question.
   */
  agentHeads: readonly string[];
  /** Prepositions that introduce the actor of a passive ("door", "by"), after a participle. */
  agentPrepositions: readonly string[];
  /** Templates that say why a wrong option is wrong, with `{option}` and `{quote}` slots (see `fillTemplate`). */
  wrongOption: WrongOptionTemplates;
}

/**
 * Why a wrong option is wrong, told by what the source itself says about it: the option and a sentence of
 * the chapter where it occurs, quoted (shortened), so the explanation is true by construction.
 */
export interface WrongOptionTemplates {
  /** A term of the chapter that the sentence does not use: where the text does use it. */
  termElsewhere: string;
  /** A cause the text gives for another effect. */
  causeOfOther: string;
  /** An effect the text gives of another cause, offered as a cause. */
  effectOfOther: string;
  /** A statement of the text that it does not give as a reason here, and the part ({part}) it is from. */
  statementElsewhere: string;
  /** Marks where a quoted sentence was shortened. */
  ellipsis: string;
}
