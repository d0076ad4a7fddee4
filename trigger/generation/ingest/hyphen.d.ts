// The `hyphen` package ships no types; these are the pattern modules ingestion loads from it.
declare module "hyphen/en/index.js" {
  const hyphenator: {
    hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string;
  };
  export default hyphenator;
}
declare module "hyphen/nl/index.js" {
  const hyphenator: {
    hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string;
  };
  export default hyphenator;
}
