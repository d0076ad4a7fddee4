/** The six-digit sign-in code of the newest mail to `email` in the local inbox sent after `after`. */
export async function inboxCode(supabaseUrl: string, email: string, after: Date): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${supabaseUrl}/inbox/api/messages?email=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as { text: string; created_at: string }[];
    const code = messages
      .find((message) => new Date(message.created_at) >= after)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no sign-in code for ${email}`);
}
