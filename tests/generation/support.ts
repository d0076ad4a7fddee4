import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { inject } from "vitest";
import type { Fixture } from "../../trigger/generation/fixtures/sources.ts";
import { AUTH_USER_FILLERS } from "../support/auth-users.ts";

export interface GenerationTopic {
  entityId: string;
  topicId: string;
  userId: string;
  sourceIds: string[];
}

const MIME_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  markdown: "text/markdown",
  text: "text/plain",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  image: "image/png",
  url: null,
  pasted: null,
} as const;

/**
 * Topics with sources as the product makes them: the user, entity and topic written as the database
 * owner (like the seed), the files uploaded to the `sources` bucket and the source rows inserted through
 * the gateway with the service role, which is also what the pipelines run with.
 */
export class GenerationWorld {
  readonly stack = inject("stack");
  readonly db = new pg.Pool({ connectionString: this.stack.databaseUrl, max: 2 });
  readonly service: SupabaseClient = createClient(this.stack.supabaseUrl, this.stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

  async topic(fixtures: readonly Fixture[], topic: { title?: string; description?: string } = {}) {
    const userId = randomUUID();
    await this.db.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, ${AUTH_USER_FILLERS.columns})
       values ($1, 'authenticated', 'authenticated', $2, now(), ${AUTH_USER_FILLERS.values})`,
      [userId, `generation-${userId}@generation-tests.studymap.test`],
    );
    const entity = await this.db.query<{ id: string }>(
      "insert into public.core_entities (name) values ($1) returning id",
      [`Generation test ${userId}`],
    );
    const entityId = entity.rows[0]?.id as string;
    await this.db.query(
      `insert into public.core_memberships (entity_id, user_id, member_role, status)
       values ($1, $2, 'creator', 'active')`,
      [entityId, userId],
    );
    const created = await this.db.query<{ id: string }>(
      `insert into public.topics (entity_id, created_by, title, description, processing_status, processing_progress)
       values ($1, $2, $3, $4, 'generating_structure', 1) returning id`,
      [entityId, userId, topic.title ?? "Generation test", topic.description ?? null],
    );
    const topicId = created.rows[0]?.id as string;
    const sourceIds: string[] = [];
    for (const fixture of fixtures) sourceIds.push(await this.addSource(entityId, topicId, userId, fixture));
    return { entityId, topicId, userId, sourceIds } satisfies GenerationTopic;
  }

  private async addSource(
    entityId: string,
    topicId: string,
    userId: string,
    fixture: Fixture,
  ): Promise<string> {
    const { input } = fixture;
    const pasted = typeof input.content === "string";
    const filePath = pasted ? null : `${entityId}/${topicId}/${input.file_name}`;
    if (filePath && typeof input.content !== "string") {
      const mime = MIME_TYPES[input.kind] ?? "application/octet-stream";
      const { error } = await this.service.storage
        .from("sources")
        .upload(filePath, new Blob([new Uint8Array(input.content)], { type: mime }), { contentType: mime });
      if (error) throw new Error(`upload of ${filePath} failed: ${error.message}`);
    }
    const { data, error } = await this.service
      .from("topic_sources")
      .insert({
        topic_id: topicId,
        kind: input.kind,
        file_name: input.file_name,
        file_path: filePath,
        mime_type: MIME_TYPES[input.kind],
        pasted_text: pasted ? input.content : null,
        created_by: userId,
      })
      .select("id")
      .single();
    if (error) throw new Error(`source row failed: ${error.message}`);
    return (data as { id: string }).id;
  }

  async close() {
    await this.db.end();
  }
}
