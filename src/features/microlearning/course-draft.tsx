import { useEffect, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { activeRoles, hasAccess } from "@/domain/access.ts";
import { outlineFromCourse } from "@/domain/outline.ts";
import type { Structure } from "@/domain/structure.ts";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { outlineKey } from "@/lib/outline-request";
import { toast } from "@/lib/toast";
import {
  type CourseDraft,
  discardCourseDraft,
  fetchDraftOutline,
  fetchOwnCourseDraft,
  publishCourseDraft,
} from "./api.ts";
import { COURSE_WAIT_INTERVAL_MS } from "./use-microlearning-overview.ts";

export const NEW_VERSION_READY = "Er staat een nieuwe versie van dit leerpad klaar.";
export const NEW_VERSION_HIDDEN = "Leerlingen zien de gepubliceerde versie tot je de nieuwe publiceert.";
export const NEW_VERSION_MANAGERS_PUBLISH =
  "Alleen managers en beheerders van je organisatie kunnen hem publiceren.";
export const PREVIEWING_NEW_VERSION = "Je bekijkt de nieuwe versie. Leerlingen zien die nog niet.";
export const PUBLISH_TITLE = "Nieuwe versie publiceren?";
export const PUBLISH_DESCRIPTION =
  "Alle leerlingen zien daarna de nieuwe versie. De voortgang op onderdelen die niet veranderen blijft bewaard; op gewijzigde onderdelen begint de voortgang opnieuw.";
export const DISCARD_TITLE = "Nieuwe versie verwijderen?";
export const DISCARD_DESCRIPTION = "De gepubliceerde versie blijft zoals hij is.";

type Confirming = "publish" | "discard" | null;

/**
 * A content manager's own draft while the path shown is published (docs/product.md §4: the published
 * course wins, so nobody sees the draft): its preview, and publishing or discarding it. While a started
 * generation is awaited the draft is re-read, and a new one ends the wait.
 */
export function useCourseDraft(options: {
  topicId: string;
  structure: Pick<Structure, "sections"> | null;
  /** The topic's organisation and whether the path shown is published and the user manages content. */
  entityId: string | null;
  enabled: boolean;
  awaiting: boolean;
  onDelivered(): void;
}) {
  const client = useSupabase();
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [saving, setSaving] = useState(false);
  const key = options.enabled && user ? (["own-course-draft", options.topicId, user.id] as const) : null;
  const { data: draft } = useSWR(key, ([, topicId, userId]) => fetchOwnCourseDraft(client, topicId, userId), {
    refreshInterval: options.awaiting ? COURSE_WAIT_INTERVAL_MS : 0,
  });
  useEndWaitOnNewDraft(options.awaiting && key !== null, draft, options.onDelivered);
  const { data: rpc } = useSWR(previewing && draft ? (["draft-outline", draft.id] as const) : null, () =>
    fetchDraftOutline(client, draft as CourseDraft),
  );
  const canPublish = useCanPublishPath(options.entityId);

  async function settle(action: () => Promise<void>, done: string, failed: string) {
    setSaving(true);
    try {
      await action();
      setPreviewing(false);
      toast.success(done);
    } catch (error) {
      console.error(`${failed}:`, error);
      toast.error(failed);
    } finally {
      setSaving(false);
      setConfirming(null);
      await Promise.all([mutate(key), mutate(outlineKey(options.topicId))]);
    }
  }

  const current = draft ?? null;
  return {
    draft: current,
    previewOutline: previewing && rpc ? outlineFromCourse(rpc, options.structure) : null,
    notice: current ? (
      <NewVersionNotice
        previewing={previewing}
        canPublish={canPublish}
        saving={saving}
        onTogglePreview={() => setPreviewing(!previewing)}
        onAsk={setConfirming}
      />
    ) : null,
    dialogs: (
      <DraftDialogs
        confirming={current ? confirming : null}
        saving={saving}
        onCancel={() => setConfirming(null)}
        onPublish={() =>
          current &&
          settle(
            () => publishCourseDraft(client, current.id),
            "Nieuwe versie gepubliceerd",
            "Publiceren mislukt",
          )
        }
        onDiscard={() =>
          current &&
          settle(
            () => discardCourseDraft(client, current.id),
            "Nieuwe versie verwijderd",
            "Verwijderen mislukt",
          )
        }
      />
    ),
  };
}

/** Ends the wait for a started generation once a draft other than the one there at the start appears. */
function useEndWaitOnNewDraft(
  waiting: boolean,
  draft: CourseDraft | null | undefined,
  onDelivered: () => void,
) {
  const atStart = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!waiting) {
      atStart.current = undefined;
      return;
    }
    if (draft === undefined) return;
    if (atStart.current === undefined) atStart.current = draft?.id ?? null;
    else if (draft && draft.id !== atStart.current) onDelivered();
  }, [waiting, draft, onDelivered]);
}

function NewVersionNotice(props: {
  previewing: boolean;
  canPublish: boolean;
  saving: boolean;
  onTogglePreview(): void;
  onAsk(action: Confirming): void;
}) {
  return (
    <Card className="flex flex-col gap-3 p-4" role="region" aria-label="Nieuwe versie">
      <div className="text-sm">
        <p className="font-medium">{props.previewing ? PREVIEWING_NEW_VERSION : NEW_VERSION_READY}</p>
        <p className="text-neutral-600 dark:text-neutral-400">
          {props.canPublish ? NEW_VERSION_HIDDEN : NEW_VERSION_MANAGERS_PUBLISH}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={props.onTogglePreview} disabled={props.saving}>
          {props.previewing ? "Bekijk gepubliceerde versie" : "Bekijk nieuwe versie"}
        </Button>
        {props.canPublish && (
          <Button onClick={() => props.onAsk("publish")} disabled={props.saving}>
            Publiceren
          </Button>
        )}
        <Button variant="secondary" onClick={() => props.onAsk("discard")} disabled={props.saving}>
          Nieuwe versie verwijderen
        </Button>
      </div>
    </Card>
  );
}

function DraftDialogs(props: {
  confirming: Confirming;
  saving: boolean;
  onCancel(): void;
  onPublish(): void;
  onDiscard(): void;
}) {
  const publish = props.confirming === "publish";
  return (
    <Dialog
      open={props.confirming !== null}
      onOpenChange={(open) => {
        if (!open) props.onCancel();
      }}
      title={publish ? PUBLISH_TITLE : DISCARD_TITLE}
      description={publish ? PUBLISH_DESCRIPTION : DISCARD_DESCRIPTION}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onCancel}>
          Annuleren
        </Button>
        <Button onClick={publish ? props.onPublish : props.onDiscard} disabled={props.saving}>
          {publish ? "Publiceren" : "Verwijderen"}
        </Button>
      </div>
    </Dialog>
  );
}

export const UNPUBLISHED_PATH = "Dit leerpad is nog niet gepubliceerd: alleen jij ziet het.";
export const PUBLISH_FIRST_TITLE = "Leerpad publiceren?";
export const PUBLISH_FIRST_DESCRIPTION = "Alle leerlingen van dit onderwerp zien daarna dit leerpad.";

/** Whether the user may publish a path of the organisation: its active managers and admins. */
export function useCanPublishPath(entityId: string | null): boolean {
  const { user } = useAuth();
  return hasAccess(activeRoles(user?.memberships ?? [], entityId ?? undefined), "manager");
}

/**
 * A manager's own draft shown while nothing is published: only they see it (docs/product.md §4), so the
 * overview offers to publish it, through the same `publish_course_draft` as a new version.
 */
export function PublishFirstVersion({ topicId, courseId }: { topicId: string; courseId: string }) {
  const client = useSupabase();
  const { mutate } = useSWRConfig();
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);

  async function publish() {
    setSaving(true);
    try {
      await publishCourseDraft(client, courseId);
      toast.success("Leerpad gepubliceerd");
    } catch (error) {
      console.error("Publiceren mislukt:", error);
      toast.error("Publiceren mislukt");
    } finally {
      setSaving(false);
      setAsking(false);
      await mutate(outlineKey(topicId));
    }
  }

  return (
    <Card
      className="flex flex-wrap items-center justify-between gap-3 p-4"
      role="region"
      aria-label="Publiceren"
    >
      <p className="text-sm">{UNPUBLISHED_PATH}</p>
      <Button onClick={() => setAsking(true)} disabled={saving}>
        Publiceren
      </Button>
      <Dialog
        open={asking}
        onOpenChange={(open) => {
          if (!open) setAsking(false);
        }}
        title={PUBLISH_FIRST_TITLE}
        description={PUBLISH_FIRST_DESCRIPTION}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Annuleren
          </Button>
          <Button onClick={publish} disabled={saving}>
            Publiceren
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
