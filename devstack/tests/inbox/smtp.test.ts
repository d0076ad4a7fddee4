import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inbox, uniqueEmail } from "../../../tests/support/clients.ts";
import type { GatewayContext } from "../../gateway/context.ts";
import { type SmtpInbox, startSmtpInbox } from "../../gateway/inbox/smtp.ts";
import { freePort } from "../../postgres.ts";
import { testGatewayContext } from "../support/gateway.ts";

/**
 * The inbox's SMTP listener against the client the product sends with (nodemailer): what it accepts is
 * stored in the shared test database's inbox and read back through the stack's own /inbox endpoint.
 */

let ctx: GatewayContext;
let smtp: SmtpInbox;

beforeAll(async () => {
  ctx = await testGatewayContext({ publicUrl: "http://127.0.0.1:1" });
  smtp = await startSmtpInbox(ctx, await freePort());
});

afterAll(async () => {
  await smtp.stop();
  await ctx.pool.end();
});

function transport() {
  return nodemailer.createTransport(smtp.url);
}

describe("the inbox's SMTP listener", () => {
  it("stores a mail with its subject, text and HTML for each envelope recipient, Bcc included", async () => {
    const to = uniqueEmail("smtp-to");
    const bcc = uniqueEmail("smtp-bcc");
    const sent = await transport().sendMail({
      from: "Studymap <no-reply@studymap.local>",
      to,
      bcc,
      subject: "Ada invited you to Ålesund & Co",
      text: "Plain part: ümlauts survive.\n",
      html: "<p>HTML part: <strong>ümlauts</strong> survive.</p>",
    });
    expect(sent.accepted).toEqual([to, bcc]);

    for (const address of [to, bcc]) {
      const mails = await inbox(address);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: address,
        subject: "Ada invited you to Ålesund & Co",
        text: "Plain part: ümlauts survive.\n",
        html: "<p>HTML part: <strong>ümlauts</strong> survive.</p>",
      });
    }
  });

  it("stores a text-only mail with an empty HTML part", async () => {
    const to = uniqueEmail("smtp-text");
    await transport().sendMail({ from: "a@studymap.local", to, subject: "Text only", text: "Just text" });
    const [mail] = await inbox(to);
    expect(mail).toMatchObject({ subject: "Text only", html: "" });
    // mailparser ends a plain single-part body with a line break.
    expect(mail?.text).toBe("Just text\n");
  });

  it("refuses a mail over its size limit and stores nothing", async () => {
    const to = uniqueEmail("smtp-big");
    const sending = transport().sendMail({
      from: "a@studymap.local",
      to,
      subject: "Too big",
      text: "x".repeat(2 * 1024 * 1024),
    });
    await expect(sending).rejects.toMatchObject({ responseCode: 552 });
    expect(await inbox(to)).toEqual([]);
  });
});
