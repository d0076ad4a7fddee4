import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import type { Membership } from "@/domain/access";
import type { TestLlmConnectionAnswer } from "@/domain/llm-endpoint";
import { useSupabase } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import {
  disconnectLanguageModel,
  fetchGenerationUsage,
  fetchLanguageModel,
  type LanguageModel,
  type LanguageModelForm,
  saveLanguageModel,
  testLanguageModel,
  type UsageRow,
} from "./language-model-api";
import { Section } from "./section";

const EMPTY_FORM: LanguageModelForm = {
  baseUrl: "",
  model: "",
  apiKey: "",
  removeKey: false,
  costPer1kInput: "",
  costPer1kOutput: "",
};

function formOf(saved: LanguageModel | null | undefined): LanguageModelForm {
  if (!saved) return EMPTY_FORM;
  return {
    ...EMPTY_FORM,
    baseUrl: saved.base_url,
    model: saved.model,
    costPer1kInput: saved.cost_per_1k_input?.toString() ?? "",
    costPer1kOutput: saved.cost_per_1k_output?.toString() ?? "",
  };
}

/**
 * The organisation's own language model, for its admins: any OpenAI-compatible endpoint (hosted, or a
 * local server such as Ollama, llama.cpp or vLLM, which takes no key). The key is sent once, on save,
 * and never shown again; "Test connection" runs on the server. Below, the organisation's generation
 * usage of the last 30 days.
 */
export function LanguageModelSection({ membership }: { membership: Membership }) {
  const client = useSupabase();
  const entityId = membership.entityId;
  const { data: saved, mutate } = useSWR(["language-model", entityId] as const, ([, id]) =>
    fetchLanguageModel(client, id),
  );
  const [form, setForm] = useState<LanguageModelForm>(EMPTY_FORM);
  const [busy, setBusy] = useState<"save" | "test" | "disconnect" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TestLlmConnectionAnswer | null>(null);
  useEffect(() => setForm(formOf(saved)), [saved]);
  const change = (fields: Partial<LanguageModelForm>) => {
    setForm((current) => ({ ...current, ...fields }));
    setResult(null);
  };

  const run = async (what: "save" | "test" | "disconnect", action: () => Promise<void>, fallback: string) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure, fallback));
    } finally {
      setBusy(null);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    return run(
      "save",
      async () => {
        await saveLanguageModel(client, entityId, form);
        await mutate();
        toast.success(`${membership.entityName} now writes with ${form.model.trim()}`);
      },
      "Could not save the language model",
    );
  };
  const test = () =>
    run(
      "test",
      async () => setResult(await testLanguageModel(client, entityId, form)),
      "Could not test the connection",
    );
  const disconnect = () =>
    run(
      "disconnect",
      async () => {
        await disconnectLanguageModel(client, entityId);
        await mutate(null, { revalidate: true });
        toast.success("Language model disconnected");
      },
      "Could not disconnect the language model",
    );

  return (
    <Section
      title="Language model"
      description={`Connect an OpenAI-compatible model to write ${membership.entityName}'s structures and courses. Without one, the offline generator (or this deployment's default model) writes them.`}
    >
      <ConnectedLine saved={saved} />
      <form onSubmit={save} noValidate className="space-y-4">
        <TextField
          label="Base URL"
          hint="Such as https://api.openai.com/v1, or a local server: http://localhost:11434/v1 (Ollama)."
          value={form.baseUrl}
          onChange={(baseUrl) => change({ baseUrl })}
          placeholder="https://api.openai.com/v1"
          autoComplete="off"
        />
        <TextField
          label="Model"
          value={form.model}
          onChange={(model) => change({ model })}
          placeholder="gpt-4o-mini"
          autoComplete="off"
        />
        <TextField
          label="API key"
          type="password"
          hint={
            saved?.has_api_key
              ? "A key is saved and never shown. Leave empty to keep it (changing the base URL drops it)."
              : "Leave empty for servers that take no key, such as Ollama, llama.cpp or vLLM."
          }
          value={form.apiKey}
          onChange={(apiKey) => change({ apiKey })}
          autoComplete="new-password"
        />
        {saved?.has_api_key ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.removeKey}
              onChange={(event) => change({ removeKey: event.target.checked })}
            />
            Remove the saved key
          </label>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Price per 1,000 input tokens (USD)"
            hint="Optional, for the cost below."
            inputMode="decimal"
            value={form.costPer1kInput}
            onChange={(costPer1kInput) => change({ costPer1kInput })}
          />
          <TextField
            label="Price per 1,000 output tokens (USD)"
            inputMode="decimal"
            value={form.costPer1kOutput}
            onChange={(costPer1kOutput) => change({ costPer1kOutput })}
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {result ? (
          <p
            role="status"
            className={
              result.ok
                ? "text-sm text-emerald-800 dark:text-emerald-300"
                : "text-sm text-red-700 dark:text-red-400"
            }
          >
            {result.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={test}
            disabled={busy !== null || !form.baseUrl.trim() || !form.model.trim()}
          >
            {busy === "test" ? "Testing…" : "Test connection"}
          </Button>
          <Button type="submit" disabled={busy !== null || !form.baseUrl.trim() || !form.model.trim()}>
            {busy === "save" ? "Saving…" : "Save"}
          </Button>
          {saved ? (
            <Button variant="danger" onClick={disconnect} disabled={busy !== null}>
              {busy === "disconnect" ? "Disconnecting…" : "Disconnect"}
            </Button>
          ) : null}
        </div>
      </form>
      <UsageTable entityId={entityId} />
    </Section>
  );
}

function ConnectedLine({ saved }: { saved: LanguageModel | null | undefined }) {
  if (saved === undefined) return null;
  return (
    <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
      {saved ? (
        <>
          <Badge tone="success">Connected</Badge>
          <span>
            {saved.model} at {saved.base_url}
          </span>
          <Badge>{saved.has_api_key ? "key set" : "no key"}</Badge>
        </>
      ) : (
        <Badge>No model connected</Badge>
      )}
    </p>
  );
}

const SOURCE_LABELS: Record<string, string> = {
  organisation: "your model",
  deployment: "deployment default",
  offline: "offline",
};

const whole = new Intl.NumberFormat("en");
const dollars = new Intl.NumberFormat("en", { style: "currency", currency: "USD", maximumFractionDigits: 4 });

function UsageTable({ entityId }: { entityId: string }) {
  const client = useSupabase();
  const { data: rows, error } = useSWR(["generation-usage", entityId] as const, ([, id]) =>
    fetchGenerationUsage(client, id),
  );
  return (
    <div className="mt-6">
      <h3 className="mb-2 text-sm font-medium text-neutral-700 dark:text-neutral-300">
        Usage in the last 30 days
      </h3>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The usage could not be loaded.
        </p>
      ) : rows && rows.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          Nothing was generated in the last 30 days.
        </p>
      ) : rows ? (
        <UsageRows rows={rows} />
      ) : null}
    </div>
  );
}

function UsageRows({ rows }: { rows: UsageRow[] }) {
  const cost = rows.reduce((sum, row) => sum + Number(row.cost_usd), 0);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-neutral-500 dark:text-neutral-400">
          <tr>
            <th className="py-1 pr-3 font-medium">Generator</th>
            <th className="py-1 pr-3 text-right font-medium">Runs</th>
            <th className="py-1 pr-3 text-right font-medium">Calls</th>
            <th className="py-1 pr-3 text-right font-medium">Tokens in / out</th>
            <th className="py-1 text-right font-medium">Cost</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {rows.map((row) => (
            <tr key={`${row.generator}-${row.model_source}`}>
              <td className="py-1 pr-3">
                {row.generator}{" "}
                <span className="text-neutral-500 dark:text-neutral-400">
                  ({SOURCE_LABELS[row.model_source] ?? row.model_source})
                </span>
              </td>
              <td className="py-1 pr-3 text-right">{whole.format(row.runs)}</td>
              <td className="py-1 pr-3 text-right">{whole.format(row.calls)}</td>
              <td className="py-1 pr-3 text-right">
                {whole.format(row.input_tokens)} / {whole.format(row.output_tokens)}
              </td>
              <td className="py-1 text-right">{dollars.format(Number(row.cost_usd))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="pt-2 font-medium" colSpan={4}>
              Total
            </td>
            <td className="pt-2 text-right font-medium">{dollars.format(cost)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
