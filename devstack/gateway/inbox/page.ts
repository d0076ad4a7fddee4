/** A mail in the local inbox, as its page shows it. */
export interface InboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Date;
}

/** The inbox page: plain HTML that refreshes itself, each mail's HTML body shown in a sandboxed frame. */
export function inboxPage(messages: InboxMessage[], email: string | undefined): string {
  const title = email ? `Inbox — ${escapeHtml(email)}` : "Inbox";
  const items = messages.length
    ? messages.map(messageItem).join("\n")
    : `<p class="empty">No mail yet. Request a sign-in code and it appears here.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>${title} · studymap local mail</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 1.5rem; color: #1f2328; }
  h1 { font-size: 1.4rem; } form { margin-bottom: 1.5rem; display: flex; gap: .5rem; }
  input { flex: 1; padding: .4rem .6rem; } article { border: 1px solid #d0d7de; border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
  header { display: flex; justify-content: space-between; gap: 1rem; color: #59636e; font-size: .85rem; }
  h2 { font-size: 1.05rem; margin: .3rem 0 .6rem; } iframe { width: 100%; border: 0; min-height: 12rem; }
  .empty { color: #59636e; }
  @media (prefers-color-scheme: dark) { body { background: #0d1117; color: #e6edf3; } article { border-color: #30363d; } }
</style>
</head>
<body>
<h1>${title}</h1>
<form method="get"><input name="email" type="email" placeholder="Filter by address" value="${escapeHtml(email ?? "")}"><button>Show</button></form>
${items}
</body>
</html>`;
}

function messageItem(message: InboxMessage): string {
  return `<article>
<header><span>To ${escapeHtml(message.to)}</span><time datetime="${message.created_at.toISOString()}">${message.created_at.toLocaleString()}</time></header>
<h2>${escapeHtml(message.subject)}</h2>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(
    `<base target="_top">${message.html}`,
  )}"></iframe>
</article>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
