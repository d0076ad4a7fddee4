import type { Language } from "./word-lists.ts";

/**
 * How an explanation can point at an option by its place instead of its text ("the first option",
 * "option B", "de laatste optie", "antwoord C"). Options are reordered after they are written (the right
 * one is moved to a slot of its own, see `placeAnswer`), so a place named in the explanation is wrong
 * more often than not; an explanation must name an option by its words. One table per language; a new
 * phrasing is a pattern here and a row in quality.test.ts.
 *
 * Letters are matched as capitals only ("option A", never "answer a question"); digits only after the
 * word for option, since "the answer 4" may be an option's own value.
 */
export const OPTION_POSITIONS: Record<Language, readonly RegExp[]> = {
  en: [
    // "the first option", "the last answer", "the 3rd alternative" ("first choice" is an idiom: not here)
    /\b(?:first|second|third|fourth|fifth|last|final|1st|2nd|3rd|4th|top|bottom)\s+(?:option|answer|alternative)s?\b/iu,
    // "option B", "answer (C)", "choice D", "options A and C"
    /\b(?:[Oo]ptions?|[Aa]nswers?|[Cc]hoices?|[Aa]lternatives?)\s+\(?[A-F]\)?(?![\p{L}\p{N}])/u,
    // "option 2", "option two"
    /\b(?:option|choice)s?\s+(?:[1-6]|one|two|three|four|five|six)\b/iu,
    // "B is wrong", "(C) is correct" at the start of a sentence
    /(?:^|[.!?]\s+)\(?[A-F]\)?\s+is\s+(?:right|wrong|correct|incorrect)\b/u,
    // "The second is wrong", "the second and fourth are wrong", "the third one is correct"
    /\bthe\s+(?:first|second|third|fourth|last)(?:(?:,\s*|\s+and\s+|\s+or\s+)(?:the\s+)?(?:first|second|third|fourth|last))*\s+(?:ones?\s+)?(?:is|are)\s+(?:right|wrong|correct|incorrect|false|true)\b/iu,
  ],
  nl: [
    // "de eerste optie", "het laatste antwoord", "het 3e alternatief" ("eerste keuze" is an idiom: not here)
    /(?<![\p{L}])(?:eerste|tweede|derde|vierde|vijfde|laatste|bovenste|onderste|1e|2e|3e|4e)\s+(?:optie|opties|antwoord|antwoorden|alternatief|antwoordoptie|antwoordmogelijkheid)(?![\p{L}])/iu,
    // "optie B", "antwoord (C)", "keuze D", "opties A en C"
    /(?<![\p{L}])(?:[Oo]pties?|[Aa]ntwoord|[Kk]euzes?|[Aa]lternatief|[Aa]ntwoordoptie)\s+\(?[A-F]\)?(?![\p{L}\p{N}])/u,
    // "optie 2", "optie twee"
    /(?<![\p{L}])(?:optie|opties|keuze|antwoordoptie)\s+(?:[1-6]|een|één|twee|drie|vier|vijf|zes)(?![\p{L}\p{N}])/iu,
    // "B is fout", "(C) is juist" at the start of a sentence
    /(?:^|[.!?]\s+)\(?[A-F]\)?\s+is\s+(?:goed|fout|juist|onjuist)(?![\p{L}])/u,
    // "De tweede is fout", "de tweede en vierde zijn onjuist"
    /(?<![\p{L}])de\s+(?:eerste|tweede|derde|vierde|laatste)(?:(?:,\s*|\s+en\s+|\s+of\s+)(?:de\s+)?(?:eerste|tweede|derde|vierde|laatste))*\s+(?:is|zijn)\s+(?:goed|fout|juist|onjuist)(?![\p{L}])/iu,
  ],
};
