import { z } from "zod";

/**
 * The ids of a new topic that is not created yet, kept in localStorage per user and organisation, so
 * that after a reload or a closed tab the same files go to the same object paths
 * (`<entity_id>/<topic_id>/<file>`) and tus-js-client finds their unfinished uploads to resume.
 */
export interface TopicDraft {
  topicId: string;
  pastedId: string;
  /** ms since the epoch */
  createdAt: number;
}

/**
 * Supabase Storage keeps an unfinished resumable upload for 24 hours; an older draft has nothing left
 * to resume and starts afresh.
 */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const DRAFT_KEY_PREFIX = "studymap:new-topic-draft:";

const draftSchema = z.object({ topicId: z.uuid(), pastedId: z.uuid(), createdAt: z.number() });

/** Keyed by user and organisation: someone else signing in on this browser never continues it. */
export function draftKey(userId: string, entityId: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}:${entityId}`;
}

function readDraft(storage: Storage, key: string): TopicDraft | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(storage.getItem(key) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The user's unexpired draft for this organisation, or a new one, stored before it is returned. */
export function openDraft(storage: Storage, userId: string, entityId: string, now = Date.now()): TopicDraft {
  const key = draftKey(userId, entityId);
  const stored = readDraft(storage, key);
  if (stored && now - stored.createdAt < DRAFT_LIFETIME_MS) return stored;
  const draft = { topicId: crypto.randomUUID(), pastedId: crypto.randomUUID(), createdAt: now };
  storage.setItem(key, JSON.stringify(draft));
  return draft;
}

/** Removes the user's draft for this organisation (its topic was created, or the form was left). */
export function discardDraft(storage: Storage, userId: string, entityId: string): void {
  storage.removeItem(draftKey(userId, entityId));
}

/**
 * Removes every user's drafts older than their lifetime (and unreadable ones), returning the entity
 * and topic ids of each so their stored upload URLs can go too.
 */
export function sweepExpiredDrafts(
  storage: Storage,
  now = Date.now(),
): Array<{ entityId: string; topicId: string }> {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
    (key): key is string => key?.startsWith(DRAFT_KEY_PREFIX) ?? false,
  );
  const swept: Array<{ entityId: string; topicId: string }> = [];
  for (const key of keys) {
    const draft = readDraft(storage, key);
    if (draft && now - draft.createdAt < DRAFT_LIFETIME_MS) continue;
    storage.removeItem(key);
    const entityId = key.slice(DRAFT_KEY_PREFIX.length).split(":")[1];
    if (draft && entityId) swept.push({ entityId, topicId: draft.topicId });
  }
  return swept;
}
