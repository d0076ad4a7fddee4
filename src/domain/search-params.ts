/**
 * Search params of docs/product.md §5: `page` is a number, default 1; the optional strings are dropped when the
 * URL holds anything else (TanStack Router parses `?moduleId=12` as the number 12, which is dropped).
 *
 * These run on every first load (the route tree holds them), so they are plain functions rather than
 * zod: zod cannot be tree-shaken below its shared core (about 30 kB gzip), and two rules do not need it
 * (docs/performance.md). TanStack Router takes any object with `parse` as a search validator.
 */
export const DEFAULT_PAGE = 1;

/** One search param: takes whatever the URL held, returns the value or undefined to drop it. */
export type SearchRule<T> = (value: unknown) => T;

type Rules = Record<string, SearchRule<unknown>>;
type Required<R extends Rules> = {
  [K in keyof R as undefined extends ReturnType<R[K]> ? never : K]: ReturnType<R[K]>;
};
type Optional<R extends Rules> = {
  [K in keyof R as undefined extends ReturnType<R[K]> ? K : never]?: Exclude<ReturnType<R[K]>, undefined>;
};
export type SearchOf<R extends Rules> = Required<R> & Optional<R>;
/** What a link may pass: anything per param, as with zod's `.catch()` (the rule decides). */
export type SearchInput<R extends Rules> = { [K in keyof R]?: unknown };

/** TanStack Router's validator-adapter shape: `types` gives links their input and pages their output. */
export interface SearchSchema<R extends Rules> {
  rules: R;
  types: { input: SearchInput<R>; output: SearchOf<R> };
  /** The params of `rules` (others are dropped, or kept when loose); never throws. */
  parse(search: unknown): SearchOf<R>;
}

export function searchSchema<R extends Rules>(rules: R, options: { loose?: boolean } = {}): SearchSchema<R> {
  return {
    rules,
    types: undefined as unknown as SearchSchema<R>["types"],
    parse(search) {
      const given = (typeof search === "object" && search !== null ? search : {}) as Record<string, unknown>;
      const parsed: Record<string, unknown> = options.loose ? { ...given } : {};
      for (const [key, rule] of Object.entries(rules)) {
        const value = rule(given[key]);
        if (value === undefined) delete parsed[key];
        else parsed[key] = value;
      }
      return parsed as SearchOf<R>;
    },
  };
}

/** A whole number of at least 1 (also given as text), else 1. */
export const pageParam: SearchRule<number> = (value) => {
  const page = typeof value === "number" || typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isSafeInteger(page) && page >= DEFAULT_PAGE ? page : DEFAULT_PAGE;
};

export const optionalString: SearchRule<string | undefined> = (value) =>
  typeof value === "string" ? value : undefined;

export const pageSearchSchema = searchSchema({ page: pageParam });

export const loginSearchSchema = searchSchema({ redirectTo: optionalString });

/** Loose: the sign-in service's own params (code, token_hash, error…) stay in the address. */
export const authCallbackSearchSchema = searchSchema({ redirectTo: optionalString }, { loose: true });

export const newTopicSearchSchema = searchSchema({ moduleId: optionalString });

export const topicSearchSchema = searchSchema({ event: optionalString });

export const subscribeSearchSchema = searchSchema({ entityId: optionalString, entityKind: optionalString });

export const episodeEditSearchSchema = searchSchema({ phase: optionalString });

/** The dashboard adds its search box and filters to the page, so a filtered view can be shared. */
export const dashboardSearchSchema = searchSchema({
  ...pageSearchSchema.rules,
  q: optionalString,
  status: optionalString,
  subject: optionalString,
});

export type PageSearch = SearchOf<typeof pageSearchSchema.rules>;
export type DashboardSearch = SearchOf<typeof dashboardSearchSchema.rules>;

/**
 * Only a path on this site may be a sign-in destination: `//evil.example` or `https://…` in
 * `redirectTo` would turn the login page into an open redirect.
 */
export function safeRedirectPath(redirectTo: string | undefined): string | undefined {
  if (!redirectTo?.startsWith("/") || redirectTo.startsWith("//") || redirectTo.startsWith("/\\")) {
    return undefined;
  }
  return redirectTo;
}
