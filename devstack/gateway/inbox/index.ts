import { Hono } from "hono";
import type pg from "pg";
import { z } from "zod";
import type { GatewayContext } from "../context.ts";
import { localOnlyGuard } from "./guard.ts";
import { type InboxMessage, inboxPage } from "./page.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sign-in code the mail carries, echoed on the console line. */
  code: string;
}

/**
 * Delivers a mail to the local inbox inside the sender's transaction (so a mail exists exactly when
 * the code it carries does) and prints one console line with the code, which `npm start` shows.
 */
export async function deliverMail(
  ctx: GatewayContext,
  client: pg.ClientBase,
  mail: OutgoingMail,
): Promise<void> {
  await storeMail(client, mail);
  announce(ctx, `${mail.to}: sign-in code ${mail.code} (${mail.subject})`);
}

/** Puts one mail in the local inbox, where the page and the JSON endpoint read it. */
export async function storeMail(
  client: pg.ClientBase | pg.Pool,
  mail: Omit<OutgoingMail, "code">,
): Promise<void> {
  await client.query(
    "insert into auth.local_inbox (recipient, subject, text_body, html_body) values ($1, $2, $3, $4)",
    [mail.to, mail.subject, mail.text, mail.html],
  );
}

/** One console line per delivered mail, which `npm start` shows. */
export function announce(ctx: GatewayContext, what: string): void {
  const line = `[inbox] ${what} — ${ctx.publicUrl}/inbox`;
  ctx.log(line);
  console.log(line);
}

const querySchema = z.object({
  // Postgres cannot compare text holding U+0000: such a filter is a bad request, not a server error.
  email: z
    .string()
    .trim()
    .max(320)
    .refine((email) => !email.includes("\u0000"), "email must not contain the NUL character")
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * The local mail inbox: `GET /inbox` is a page listing the newest mails, `GET /inbox/api/messages`
 * the same as JSON, newest first; both take `?email=` to show one address only. Only this machine's
 * tools, the inbox's own page and the web client may read them (guard.ts).
 */
export function inboxService(ctx: GatewayContext): Hono {
  const app = new Hono();
  app.use("*", localOnlyGuard([new URL(ctx.publicUrl).origin, new URL(ctx.siteUrl).origin]));
  app.get("/api/messages", async (c) => {
    const query = querySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ error: z.prettifyError(query.error) }, 400);
    return c.json(await listMessages(ctx, query.data.email, query.data.limit));
  });
  app.get("/", async (c) => {
    const query = querySchema.safeParse(c.req.query());
    if (!query.success) return c.text(z.prettifyError(query.error), 400);
    return c.html(inboxPage(await listMessages(ctx, query.data.email, 50), query.data.email));
  });
  return app;
}

async function listMessages(ctx: GatewayContext, email: string | undefined, limit: number) {
  const { rows } = await ctx.pool.query<InboxMessage>(
    `select id, recipient as "to", subject, text_body as text, html_body as html, created_at
       from auth.local_inbox
      where $1::text is null or lower(recipient) = lower($1)
      order by created_at desc, id desc
      limit $2`,
    [email || null, limit],
  );
  return rows;
}
