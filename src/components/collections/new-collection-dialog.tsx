import { type FormEvent, useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useSignedInUser, useSupabase } from "@/lib/auth/auth-context";
import { type Collection, createCollection } from "@/lib/collections/api";
import { collectionsKey } from "@/lib/collections/hooks";
import { errorMessage } from "@/lib/query";
import { toast } from "@/lib/toast";

/** A button that opens a small form to create a collection in the given entity. */
export function NewCollectionButton({
  entityId,
  onCreated,
  variant = "secondary",
}: {
  entityId: string;
  onCreated?(collection: Collection): void;
  variant?: "primary" | "secondary";
}) {
  const client = useSupabase();
  const user = useSignedInUser();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError("Give the collection a title.");
    setBusy(true);
    try {
      const collection = await createCollection(client, {
        entityId,
        title: title.trim(),
        description: description.trim(),
        userId: user.id,
      });
      await mutate(collectionsKey(entityId));
      toast.success(`Collection "${collection.title}" created`);
      onCreated?.(collection);
      setOpen(false);
      setTitle("");
      setDescription("");
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure, "Could not create the collection"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        New collection
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="New collection"
        description="Group related topics together."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField label="Title" error={error} value={title} maxLength={200} onChange={setTitle} />
          <TextAreaField label="Description" value={description} onChange={setDescription} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating…" : "Create collection"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
