import { z } from "zod";

/**
 * Search params of docs/product.md §5: `page` is a number, default 1; the optional strings are dropped when the
 * URL holds anything else (TanStack Router parses `?moduleId=12` as the number 12, which is dropped).
 */
export const DEFAULT_PAGE = 1;

export const pageParam = z.coerce.number().int().min(1).catch(DEFAULT_PAGE).default(DEFAULT_PAGE);

export const optionalString = z.string().optional().catch(undefined);

export const pageSearchSchema = z.object({ page: pageParam });

export const loginSearchSchema = z.object({ redirectTo: optionalString });

export const newTopicSearchSchema = z.object({ moduleId: optionalString });

export const topicSearchSchema = z.object({ event: optionalString });

export const subscribeSearchSchema = z.object({ entityId: optionalString, entityKind: optionalString });

export const episodeEditSearchSchema = z.object({ phase: optionalString });

/** The dashboard adds its search box and filters to the page, so a filtered view can be shared. */
export const dashboardSearchSchema = pageSearchSchema.extend({
  q: optionalString,
  status: optionalString,
  subject: optionalString,
});

export type PageSearch = z.infer<typeof pageSearchSchema>;
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;

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
