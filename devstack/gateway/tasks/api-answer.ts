/** What a route of the local task API answers: a status, a JSON body and any extra headers. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
