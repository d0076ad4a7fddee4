/**
 * Where the app keeps a user's memberships and their chosen one in localStorage, per user id. On their own
 * so that index.html's first script (src/lib/early-reads.ts) can read them without supabase-js.
 */
export const MEMBERSHIP_CHOICE_KEY_PREFIX = "studymap.active-membership.";
export const MEMBERSHIP_CACHE_KEY_PREFIX = "studymap.memberships.";
