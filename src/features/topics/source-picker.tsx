import { type DragEvent, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { ProgressBar } from "@/components/ui/progress-bar";
import { SOURCE_ACCEPT } from "@/domain/source-files";
import { sourceLimitsHint } from "@/domain/source-limits";
import type { PreviousUploadOutcome } from "@/lib/storage-upload";
import type { FileSource } from "./create-topic";

export interface SourceItem extends FileSource {
  /** 0..1 while uploading; null before. */
  progress: number | null;
  /** What became of an earlier upload of this file found when this one started, if there was one. */
  previousUpload: PreviousUploadOutcome | null;
  uploaded: boolean;
}

interface SourcePickerProps {
  items: SourceItem[];
  disabled: boolean;
  onAdd(files: File[]): void;
  onRemove(id: string): void;
}

const PREVIOUS_UPLOAD_NOTES = {
  resumed: "Continuing an earlier upload of this file.",
  restarted: "The earlier upload of this file had expired; sending it again from the start.",
} satisfies Record<PreviousUploadOutcome, string>;

/** Drag-and-drop (or click to choose) source files, each listed with its upload progress. */
export function SourcePicker({ items, disabled, onAdd, onRemove }: SourcePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onAdd([...event.dataTransfer.files]);
  };

  return (
    <div className="space-y-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the "choose files" button inside is the keyboard path */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="source-dropzone"
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
          dragging
            ? "border-emerald-500 bg-emerald-50 dark:bg-emerald-950/40"
            : "border-neutral-300 dark:border-neutral-700",
        )}
      >
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Drag files here, or{" "}
          <button
            type="button"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
            className="font-medium text-emerald-700 underline-offset-2 hover:underline dark:text-emerald-400"
            aria-describedby={hintId}
          >
            choose files
          </button>
        </p>
        <p id={hintId} className="text-xs text-neutral-500 dark:text-neutral-400">
          {sourceLimitsHint()}
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={SOURCE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Source files"
          onChange={(event) => {
            onAdd([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
      {items.length > 0 ? (
        <ul className="space-y-2" aria-label="Selected sources">
          {items.map((item) => (
            <li
              key={item.id}
              className="rounded-lg border border-neutral-200 px-3 py-2 dark:border-neutral-800"
            >
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate font-medium">{item.file.name}</span>
                <span className="flex shrink-0 items-center gap-3 text-neutral-500 dark:text-neutral-400">
                  {formatBytes(item.file.size)}
                  {item.uploaded ? (
                    <span className="text-emerald-700 dark:text-emerald-400">Uploaded</span>
                  ) : (
                    <button
                      type="button"
                      disabled={disabled}
                      onClick={() => onRemove(item.id)}
                      className="text-neutral-500 dark:text-neutral-400 hover:text-red-600"
                      aria-label={`Remove ${item.file.name}`}
                    >
                      Remove
                    </button>
                  )}
                </span>
              </div>
              {item.progress !== null ? (
                <ProgressBar
                  className="mt-2"
                  value={Math.round(item.progress * 100)}
                  max={100}
                  label={`Upload of ${item.file.name}`}
                />
              ) : null}
              <p role="status" className="mt-1 text-xs text-neutral-600 empty:hidden dark:text-neutral-400">
                {item.previousUpload ? PREVIOUS_UPLOAD_NOTES[item.previousUpload] : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
