import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input, Select, TextAreaField, TextField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import {
  MAX_THUMBNAIL_BYTES,
  sourceFileProblem,
  sourceKindOf,
  topicObjectPath,
  uniqueObjectNames,
  webSourceUrls,
} from "@/domain/source-files";
import { useAuth, useCanManageContent, useSupabase } from "@/lib/auth/auth-context";
import { useCollections } from "@/lib/collections/hooks";
import { errorMessage } from "@/lib/query";
import { forgetUploads, resumableUpload } from "@/lib/storage-upload";
import { readSupabaseConfig } from "@/lib/supabase";
import { useSubjects } from "@/lib/topics/hooks";
import { createTopic, ensureSubject, type Uploader } from "./create-topic";
import { type SourceItem, SourcePicker } from "./source-picker";
import { discardDraft, openDraft, sweepExpiredDrafts } from "./topic-draft";

const LEVEL_SUGGESTIONS = [
  "CEFR A1",
  "CEFR A2",
  "CEFR B1",
  "CEFR B2",
  "CEFR C1",
  "CEFR C2",
  "Beginner",
  "Intermediate",
  "Advanced",
];
const NEW_SUBJECT = "__new__";

interface NewTopicScreenProps {
  moduleId?: string;
  /** Replaceable in tests; by default files go to Storage with upload progress. */
  upload?: Uploader;
}

/** /studymap/topics/new: a topic with its sources, then on to its structure review. */
export function NewTopicScreen({ moduleId, upload }: NewTopicScreenProps) {
  const canManage = useCanManageContent();
  const { user, activeMembership } = useAuth();
  if (!canManage) {
    return (
      <EmptyState
        title="You cannot create topics here"
        description="Creating topics needs the creator, manager or admin role in this organisation. Ask an admin to change your role."
        action={
          <Link to="/studymap" search={{ page: 1 }} className={buttonClasses("secondary")}>
            Back to dashboard
          </Link>
        }
      />
    );
  }
  if (!user || !activeMembership) return null;
  const entityId = activeMembership.entityId;
  return (
    <NewTopicForm
      key={`${user.id}:${entityId}`}
      moduleId={moduleId}
      upload={upload}
      userId={user.id}
      entityId={entityId}
    />
  );
}

function useDefaultUploader(): Uploader {
  const client = useSupabase();
  return (target, file, events, signal) => {
    const { url, anonKey } = readSupabaseConfig(import.meta.env);
    return resumableUpload(client, { supabaseUrl: url, anonKey, ...target }, file, events, signal);
  };
}

/** Forgets a draft's stored upload URLs; the topic is made or the draft abandoned. */
function forgetDraftUploads(entityId: string, topicId: string): Promise<void> {
  const folder = topicObjectPath(entityId, topicId, "");
  return Promise.all([forgetUploads("sources", folder), forgetUploads("assets", folder)]).then(() => {});
}

interface NewTopicFormProps extends NewTopicScreenProps {
  userId: string;
  entityId: string;
}

function NewTopicForm({ moduleId, upload, userId, entityId }: NewTopicFormProps) {
  const client = useSupabase();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const defaultUploader = useDefaultUploader();
  const { data: subjects } = useSubjects();
  const { data: collections } = useCollections(entityId);

  // The draft's ids survive a reload, so files picked again resume where their uploads stopped; drafts
  // past their lifetime go first, with their stored upload URLs.
  const [{ topicId, pastedId }] = useState(() => {
    for (const expired of sweepExpiredDrafts(window.localStorage))
      void forgetDraftUploads(expired.entityId, expired.topicId);
    return openDraft(window.localStorage, userId, entityId);
  });
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [level, setLevel] = useState("");
  const [subject, setSubject] = useState("");
  const [newSubject, setNewSubject] = useState("");
  const [collection, setCollection] = useState(moduleId ?? "");
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [sources, setSources] = useState<SourceItem[]>([]);
  const [pasted, setPasted] = useState("");
  const [webPages, setWebPages] = useState("");
  // One id per address for this form, so a retried submit never adds the same page twice.
  const [webPageIds] = useState(() => new Map<string, string>());
  const webPageId = (url: string) => {
    const id = webPageIds.get(url) ?? crypto.randomUUID();
    webPageIds.set(url, id);
    return id;
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState<AbortController | null>(null);
  // Leaving the screen stops the uploads under way (they resume if the same files are sent again).
  useEffect(() => () => uploads?.abort(), [uploads]);

  const abandon = () => {
    discardDraft(window.localStorage, userId, entityId);
    void forgetDraftUploads(entityId, topicId);
  };

  const addFiles = (files: File[]) => {
    const problems = files.map(sourceFileProblem).filter((problem): problem is string => problem !== null);
    const accepted = files.filter((file) => !sourceFileProblem(file));
    setErrors((current) => ({ ...current, sources: problems.join(" ") }));
    setSources((current) => {
      const all = [...current.map((item) => item.file), ...accepted];
      const names = uniqueObjectNames(all.map((file) => file.name));
      const added = accepted.map((file, index) => ({
        id: crypto.randomUUID(),
        file,
        kind: sourceKindOf(file.name, file.type) ?? "text",
        objectName: names[current.length + index] ?? file.name,
        progress: null,
        previousUpload: null,
        uploaded: false,
      }));
      return [...current, ...added];
    });
  };

  const updateSource = (id: string, change: Partial<SourceItem>) =>
    setSources((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = "Give the topic a title.";
    if (subject === NEW_SUBJECT && !newSubject.trim()) found.subject = "Name the new subject.";
    if (thumbnail && !thumbnail.type.startsWith("image/"))
      found.thumbnail = "The thumbnail must be an image.";
    if (thumbnail && thumbnail.size > MAX_THUMBNAIL_BYTES)
      found.thumbnail = "The thumbnail must be 5 MB or smaller.";
    const { problem } = webSourceUrls(webPages);
    if (problem) found.webPages = problem;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    const cancellation = new AbortController();
    setUploads(cancellation);
    try {
      const subjectId =
        subject === NEW_SUBJECT ? await ensureSubject(client, newSubject.trim()) : subject || null;
      await createTopic(
        client,
        {
          topicId,
          entityId,
          userId,
          details: {
            title: title.trim(),
            description: description.trim(),
            level: level.trim(),
            subjectId,
            moduleId: collection || null,
          },
          thumbnail,
          files: sources,
          pasted: pasted.trim() ? { id: pastedId, text: pasted.trim() } : null,
          webPages: webSourceUrls(webPages).urls.map((url) => ({ id: webPageId(url), url })),
        },
        {
          upload: upload ?? defaultUploader,
          uploaded: new Set(sources.filter((item) => item.uploaded).map((item) => item.id)),
          onFileProgress: (id, progress) => updateSource(id, { progress }),
          onFilePreviousUpload: (id, previousUpload) => updateSource(id, { previousUpload }),
          onFileUploaded: (id) => updateSource(id, { uploaded: true, progress: 1 }),
          signal: cancellation.signal,
        },
      );
      discardDraft(window.localStorage, userId, entityId);
      void forgetDraftUploads(entityId, topicId);
      await mutate((key) => Array.isArray(key) && ["topics", "collections"].includes(key[0]));
      toast.success("Topic created");
      await navigate({ to: "/studymap/topics/$topicId/structure-review", params: { topicId } });
    } catch (error) {
      setFailure(errorMessage(error, "The topic could not be created."));
      setBusy(false);
    } finally {
      setUploads(null);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="New topic"
        description="Add your sources; studymap builds a learning structure from them for you to review."
      />
      <form onSubmit={submit} noValidate className="space-y-6">
        <Card className="space-y-4 p-6">
          <TextField label="Title" error={errors.title} value={title} maxLength={300} onChange={setTitle} />
          <TextAreaField
            label="Description"
            hint="What should a learner get out of this topic?"
            value={description}
            onChange={setDescription}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Subject" error={errors.subject}>
              {(props) => (
                <Select {...props} value={subject} onChange={(event) => setSubject(event.target.value)}>
                  <option value="">No subject</option>
                  {subjects?.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.title}
                    </option>
                  ))}
                  <option value={NEW_SUBJECT}>Add a subject…</option>
                </Select>
              )}
            </Field>
            <Field label="Level" hint="For example CEFR A2 or Beginner.">
              {(props) => (
                <>
                  <Input
                    {...props}
                    list="level-suggestions"
                    value={level}
                    onChange={(event) => setLevel(event.target.value)}
                  />
                  <datalist id="level-suggestions">
                    {LEVEL_SUGGESTIONS.map((option) => (
                      <option key={option} value={option} />
                    ))}
                  </datalist>
                </>
              )}
            </Field>
          </div>
          {subject === NEW_SUBJECT ? (
            <TextField label="New subject" value={newSubject} maxLength={120} onChange={setNewSubject} />
          ) : null}
          <Field label="Collection">
            {(props) => (
              <Select {...props} value={collection} onChange={(event) => setCollection(event.target.value)}>
                <option value="">No collection</option>
                {collections?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Thumbnail"
            error={errors.thumbnail}
            hint="An image shown on the topic's card (optional)."
          >
            {(props) => (
              <Input
                {...props}
                type="file"
                accept="image/*"
                onChange={(event) => setThumbnail(event.target.files?.[0] ?? null)}
                className="file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-1 file:text-sm dark:file:bg-neutral-800"
              />
            )}
          </Field>
        </Card>

        <Card className="space-y-4 p-6">
          <div>
            <h2 className="text-lg font-semibold">Sources</h2>
            <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
              Every part of the learning structure cites the lines of these sources it comes from. Without
              sources, the structure is built from the title and description.
            </p>
          </div>
          <SourcePicker
            items={sources}
            disabled={busy}
            onAdd={addFiles}
            onRemove={(id) => setSources((current) => current.filter((item) => item.id !== id))}
          />
          {errors.sources ? <p className="text-sm text-red-600 dark:text-red-400">{errors.sources}</p> : null}
          <TextAreaField
            label="Pasted text"
            hint="Paste notes or an article as an extra source (optional)."
            value={pasted}
            className="min-h-32"
            onChange={setPasted}
          />
          <TextAreaField
            label="Web pages"
            hint="One address per line (optional). Studymap reads the article on each page; citations link back to it."
            error={errors.webPages}
            value={webPages}
            rows={3}
            placeholder="https://"
            onChange={setWebPages}
          />
        </Card>

        {failure ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {failure} Submit again to continue where it stopped.
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          {busy && uploads ? (
            <Button type="button" variant="secondary" onClick={() => uploads.abort()}>
              Cancel upload
            </Button>
          ) : (
            <Link to="/studymap" search={{ page: 1 }} className={buttonClasses("ghost")} onClick={abandon}>
              Cancel
            </Link>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? "Creating topic…" : "Create topic"}
          </Button>
        </div>
      </form>
    </div>
  );
}
