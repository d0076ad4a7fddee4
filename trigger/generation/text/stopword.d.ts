// The `stopword` package ships no types; these are the two lists generation reads from it.
declare module "stopword" {
  export const eng: string[];
  export const nld: string[];
}
