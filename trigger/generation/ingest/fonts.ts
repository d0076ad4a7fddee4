/**
 * Monospace (typewriter) faces by name, wherever a document names its fonts (a PDF's font names, a
 * PowerPoint run's typeface): text set in one is a code listing, not prose. TeX's cmtt/lmtt/txtt, Latin
 * Modern Mono, URW's Nimbus Mono L (NimbusMonL), Courier, Consolas and the like.
 */
const MONO_NAME =
  /mono|nimbusmon|courier|cousine|consol|menlo|monaco|inconsolata|lettergothic|typewriter|sourcecode|source code|^(?:[A-Z]{6}\+)?(?:CMTT|LMTT|SFTT|TXTT|ECTT|TCTT|PCR)/i;

export function isMonospaceFace(name: string): boolean {
  return MONO_NAME.test(name);
}

/**
 * Sans-serif faces by name: Helvetica and its clones (URW's Nimbus Sans, NimbusSanL; Arial), TeX's
 * Computer Modern and Latin Modern Sans (cmss, lmss), and the common screen faces. A title set in sans
 * over a serif text (or the other way round) stands apart by its face alone.
 */
const SANS_NAME =
  /sans(?!.*mono)|helvetica|arial|nimbussan|verdana|calibri|tahoma|segoe|roboto|lato|frutiger|futura|gillsans|^(?:[A-Z]{6}\+)?(?:CMSS|LMSS|SFSS|PHV)/i;

export function isSansFace(name: string): boolean {
  return SANS_NAME.test(name) && !isMonospaceFace(name);
}
