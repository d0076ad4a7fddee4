import { randomUUID } from "node:crypto";
import { configure } from "@trigger.dev/sdk";
import pg from "pg";
import { inject } from "vitest";

export { waitForRun } from "../support/runs.ts";

/**
 * The running stack's own task service, whose worker runs the tasks of trigger.config.ts, reached as
 * the product reaches Trigger.dev: the official SDK with the stack's URL and secret key. Rows are
 * arranged and read as the database owner, through the stack's database URL.
 */
export class StackTasks {
  readonly stack = inject("stack");
  readonly db = new pg.Pool({ connectionString: this.stack.databaseUrl, max: 2 });

  start(): void {
    configure({ baseURL: this.stack.supabaseUrl, accessToken: this.stack.triggerSecretKey });
  }

  async stop(): Promise<void> {
    await this.db.end();
  }

  /** An entity with one topic in the given state, written as the database owner. */
  async topic(processingStatus: string | null = "generating_structure"): Promise<string> {
    const entity = await this.db.query<{ id: string }>(
      "insert into public.core_entities (name) values ($1) returning id",
      [`Tasks test ${randomUUID()}`],
    );
    const topic = await this.db.query<{ id: string }>(
      `insert into public.topics (entity_id, title, processing_status, processing_progress)
       values ($1, 'Rivers of Europe', $2, 1) returning id`,
      [entity.rows[0]?.id, processingStatus],
    );
    return topic.rows[0]?.id as string;
  }

  async topicRow(topicId: string) {
    const { rows } = await this.db.query<{
      processing_status: string | null;
      processing_progress: number;
      processing_error: string | null;
      structure: unknown;
    }>(
      "select processing_status, processing_progress, processing_error, structure from public.topics where id = $1",
      [topicId],
    );
    return rows[0];
  }
}
