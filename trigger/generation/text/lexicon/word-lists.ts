/**
 * The word lists the extractive generator's precision rules read, one module per language, so a rule
 * is data: what counts as a determiner, a clause opener, a quantity or a general noun in that language.
 * Each list is read by one function (see `text/phrase-checks.ts` and `text/why-question.ts`).
 */
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
  /** Prepositions that join a noun to the one before ("the Society of Suriname"): what follows is no head. */
  linkingPrepositions: readonly string[];
  /** Amounts and degrees: never a blank or an option ("thousands", "a drop", "bijna"). */
  quantities: readonly string[];
  /** Modifiers that say nothing of their own: a phrase they open is no key term ("new machines", "own weight"). */
  vagueModifiers: readonly string[];
  /** Nouns too general to ask for ("land", "today", "gebied"). */
  generalNouns: readonly string[];
  /** Cardinal numbers as words: a word right after one is counted, not named ("twee eeuwen"). */
  numbers: readonly string[];
  /** Words that join the last items of a list ("and", "en"): a list item is no key term to blank. */
  listJoiners: readonly string[];
  /** Personal pronouns that can stand right after a finite verb as its subject ("merk je", "gaan we"). */
  subjectPronouns: readonly string[];
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
  /** Joiners of a contrasting clause ("…, but …", "…, maar …"): what follows is no part of an effect. */
  contrastJoiners: readonly string[];
  /** Openers of a trailing clause a summary leaves out after a comma ("…, which …", "…, zoals …"). */
  detailOpeners: readonly string[];
  /** Words that open examples, left out of a key point wherever they start its last stretch ("such as", "zoals"). */
  exampleMarkers: readonly string[];
  /**
   * Sentence openers that only link to the sentence before ("However,"): a key point drops them. Only
   * where the rest keeps its word order (English); Dutch inverts after them, so its list is empty.
   */
  linkingOpeners: readonly string[];
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
  /** A statement of the text that it does not give as a reason here. */
  statementElsewhere: string;
  /** Marks where a quoted sentence was shortened. */
  ellipsis: string;
}
