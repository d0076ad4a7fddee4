import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { GatewayContext } from "../context.ts";
import { announce, storeMail } from "./index.ts";

/**
 * The local inbox's SMTP side: mail the product sends itself (the invitation task, through nodemailer
 * and SMTP_URL) arrives here and is stored like the gateway's own sign-in mails, so both show in /inbox.
 * It stands in for the SMTP server hosted Auth sends through (supabase start: Mailpit's SMTP port).
 *
 * Local only: it listens on 127.0.0.1, accepts any sender and recipient without authentication or TLS,
 * and keeps nothing it cannot store (a mail the database refuses is answered with an SMTP error).
 */

/** Larger than any mail the product sends; a bigger one is refused by the protocol's SIZE limit. */
const MAX_MAIL_BYTES = 1024 * 1024;

export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>`, the SMTP_URL the stack hands its tasks. */
  url: string;
  stop(): Promise<void>;
}

export async function startSmtpInbox(ctx: GatewayContext, port: number): Promise<SmtpInbox> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    size: MAX_MAIL_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream)
        .then(async (parsed) => {
          // The server only announces SIZE; a client that sends more anyway is refused here, as the
          // smtp-server documentation prescribes, once the stream has been read to its end.
          if (stream.sizeExceeded) {
            return callback(
              Object.assign(new Error("Message exceeds the size limit"), { responseCode: 552 }),
            );
          }
          const mail = {
            subject: parsed.subject ?? "(no subject)",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          // The envelope decides who gets a copy, as on a real server (Bcc is not in the headers).
          for (const to of recipients) {
            await storeMail(ctx.pool, { to, ...mail });
            announce(ctx, `${to}: ${mail.subject}`);
          }
          callback();
        })
        .catch((error: unknown) => {
          ctx.log(`inbox smtp: ${error instanceof Error ? error.message : String(error)}`);
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  server.on("error", (error) => ctx.log(`inbox smtp: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
