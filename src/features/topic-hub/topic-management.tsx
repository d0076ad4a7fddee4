import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Select, TextAreaField, TextField } from "@/components/ui/field";
import { useSupabase } from "@/lib/auth/auth-context";
import { collectionsKey, useCollections } from "@/lib/collections/hooks";
import { errorMessage } from "@/lib/query";
import { toast } from "@/lib/toast";
import type { Topic } from "@/lib/topics/api";
import { topicKey } from "@/lib/topics/hooks";
import { deleteTopic, moveTopic, TOPIC_DESCRIPTION_MAX, TOPIC_TITLE_MAX, updateTopicDetails } from "./api";
import { useCanManageTopic } from "./hooks";
import { SourcesDialog, StaleItems } from "./source-changes";

type Action = "details" | "move" | "sources" | "delete";

/**
 * Rename, describe, move and delete a topic (docs/product.md §2 "Managing a topic"), shown only to
 * those Postgres lets manage it (`can_manage_topic`); the RPCs decide again on every write.
 */
export function TopicManagement({ topic }: { topic: Topic }) {
  const canManage = useCanManageTopic(topic.id);
  const [open, setOpen] = useState<Action | null>(null);
  if (!canManage) return null;
  const close = () => setOpen(null);
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setOpen("details")}>
        Edit details
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen("move")}>
        Move
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen("sources")}>
        Sources
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen("delete")}>
        Delete
      </Button>
      {open === "details" ? <DetailsDialog topic={topic} onClose={close} /> : null}
      {open === "sources" ? <SourcesDialog topic={topic} onClose={close} /> : null}
      {open === "move" ? <MoveDialog topic={topic} onClose={close} /> : null}
      {open === "delete" ? <DeleteDialog topic={topic} onClose={close} /> : null}
      <div className="basis-full">
        <StaleItems topicId={topic.id} />
      </div>
    </div>
  );
}

/** Runs a write once at a time, keeps its refusal as a sentence, and refreshes what shows the topic. */
function useTopicWrite(topic: Topic) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      mutate(topicKey(topic.id)),
      mutate((key) => Array.isArray(key) && key[0] === "topics"),
      mutate(collectionsKey(topic.entity_id)),
    ]);
  const run = async (write: () => Promise<void>, fallback: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await write();
      return true;
    } catch (failure) {
      setError(errorMessage(failure, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run, refresh };
}

function DialogError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

function DialogButtons({ onClose, children }: { onClose(): void; children: ReactNode }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      {children}
    </div>
  );
}

function DetailsDialog({ topic, onClose }: { topic: Topic; onClose(): void }) {
  const client = useSupabase();
  const write = useTopicWrite(topic);
  const [title, setTitle] = useState(topic.title);
  const [description, setDescription] = useState(topic.description ?? "");

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return write.setError("Give the topic a title.");
    const saved = await write.run(
      () => updateTopicDetails(client, topic.id, { title: title.trim(), description: description.trim() }),
      "Could not save the topic",
    );
    if (!saved) return;
    await write.refresh();
    toast.success("Topic saved");
    onClose();
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title="Edit topic details">
      <form onSubmit={save} noValidate className="space-y-4">
        <TextField label="Title" value={title} maxLength={TOPIC_TITLE_MAX} onChange={setTitle} />
        <TextAreaField
          label="Description"
          value={description}
          maxLength={TOPIC_DESCRIPTION_MAX}
          onChange={setDescription}
        />
        <DialogError>{write.error}</DialogError>
        <DialogButtons onClose={onClose}>
          <Button type="submit" disabled={write.busy}>
            {write.busy ? "Saving…" : "Save"}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}

const NO_COLLECTION = "";

function MoveDialog({ topic, onClose }: { topic: Topic; onClose(): void }) {
  const client = useSupabase();
  const write = useTopicWrite(topic);
  const { data: collections } = useCollections(topic.entity_id);
  const [moduleId, setModuleId] = useState(topic.module_id ?? NO_COLLECTION);

  const move = async (event: FormEvent) => {
    event.preventDefault();
    const moved = await write.run(
      () => moveTopic(client, topic.id, moduleId === NO_COLLECTION ? null : moduleId),
      "Could not move the topic",
    );
    if (!moved) return;
    await write.refresh();
    const target = collections?.find((collection) => collection.id === moduleId);
    toast.success(target ? `Moved to ${target.title}` : "Removed from its collection");
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title="Move topic"
      description="Choose a collection of this organisation."
    >
      <form onSubmit={move} className="space-y-4">
        <Field label="Collection">
          {(props) => (
            <Select {...props} value={moduleId} onChange={(event) => setModuleId(event.target.value)}>
              <option value={NO_COLLECTION}>No collection</option>
              {(collections ?? []).map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <DialogError>{write.error}</DialogError>
        <DialogButtons onClose={onClose}>
          <Button type="submit" disabled={write.busy || moduleId === (topic.module_id ?? NO_COLLECTION)}>
            {write.busy ? "Moving…" : "Move topic"}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ topic, onClose }: { topic: Topic; onClose(): void }) {
  const client = useSupabase();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const write = useTopicWrite(topic);

  const remove = async () => {
    const deleted = await write.run(() => deleteTopic(client, topic.id), "Could not delete the topic");
    if (!deleted) return;
    toast.success(`Deleted ${topic.title}`);
    await navigate({ to: "/studymap" });
    // After leaving the page, so the topic's screens do not flash "not found" first.
    await Promise.all([mutate(topicKey(topic.id), null, { revalidate: false }), write.refresh()]);
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={`Delete ${topic.title}?`}
      description="The topic goes for everyone, with its sources and their files, its learning structure, its learning path, podcasts and everyone's progress. This cannot be undone."
    >
      <div className="space-y-4">
        <DialogError>{write.error}</DialogError>
        <DialogButtons onClose={onClose}>
          <Button variant="danger" onClick={remove} disabled={write.busy}>
            {write.busy ? "Deleting…" : "Delete topic"}
          </Button>
        </DialogButtons>
      </div>
    </Dialog>
  );
}
