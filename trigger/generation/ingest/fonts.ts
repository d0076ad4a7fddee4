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
