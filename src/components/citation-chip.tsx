import type { ReactNode } from "react";
import { useState } from "react";
import useSWR from "swr";
import { CitationExcerpt } from "@/components/citation-excerpt";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { type Citation, urlAtPage } from "@/domain/citation.ts";
import { useSupabase } from "@/lib/auth/auth-context";
import { citationFileName, citationHost, citationLabel, lineRangeText } from "@/lib/citation-display.ts";
import type { StudymapClient } from "@/lib/database";
import { SIGNED_URL_SECONDS, signSourceFile } from "@/lib/source-file-link.ts";

type SignFile = (client: StudymapClient, filePath: string) => Promise<string>;

/**
 * The dialog's link to the source: "View Source" to a web source's address (source_url, as the
 * specification names it), or "Open file" to a learner's own file through a signed URL that lives 60 s
 * (renewed while the dialog stays open), opened at the cited page of a PDF.
 */
function useSourceLink(citation: Citation, open: boolean, signFile: SignFile) {
  const client = useSupabase();
  const filePath = open && !citation.source_url ? citation.file_path : null;
  const { data } = useSWR(
    filePath ? ["signed-source", filePath] : null,
    () => signFile(client, filePath as string),
    {
      refreshInterval: (SIGNED_URL_SECONDS - 10) * 1000,
      onError: (error) => console.error("Failed to sign source file:", error),
    },
  );
  if (citation.source_url) return { label: "View Source", href: citation.source_url };
  return data
    ? { label: "Open file", href: urlAtPage(data, citation.file_path, citation.page_number) }
    : null;
}

/**
 * docs/product.md §2: a chip naming a citation's source; it opens the "Source Citation" dialog with the
 * exact lines. Every screen that cites uses this one (the structure review adds its recognition notes).
 */
export function SourceCitationChip({
  citation,
  notes = null,
  signFile = signSourceFile,
}: {
  citation: Citation;
  /** Extra lines under the excerpt, e.g. that the cited page was recognised from an image. */
  notes?: ReactNode;
  signFile?: SignFile;
}) {
  const [open, setOpen] = useState(false);
  const sourceLink = useSourceLink(citation, open, signFile);
  const sourceName = citationFileName(citation) ?? citationHost(citation) ?? "Web";
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center rounded-full border border-sky-200 bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 hover:bg-sky-100 dark:border-sky-900 dark:hover:bg-sky-900 dark:bg-sky-950 dark:text-sky-300"
      >
        {citationLabel(citation)}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Source Citation"
        description={
          <>
            <span className="block font-medium text-neutral-900 dark:text-neutral-100">{sourceName}</span>
            {citation.page_number !== null && <span className="block">Page {citation.page_number}</span>}
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <CitationExcerpt citation={citation} />
          <p className="text-xs text-neutral-500 dark:text-neutral-400">{lineRangeText(citation)}</p>
          {notes}
          <div className="flex justify-end gap-2">
            {sourceLink && (
              <a
                href={sourceLink.href}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses("secondary")}
              >
                {sourceLink.label}
              </a>
            )}
            <Button onClick={() => setOpen(false)}>Close</Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
