import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { TOPIC_STATUS_FILTERS } from "@/domain/topic-status";
import { useSubjects } from "@/lib/topics/hooks";

export interface FilterValues {
  q?: string;
  status?: string;
  subject?: string;
}

/** Search box and filters; every change starts again from page 1. */
export function TopicFilters({
  values,
  onChange,
}: {
  values: FilterValues;
  onChange(values: FilterValues): void;
}) {
  const { data: subjects } = useSubjects();
  const [q, setQ] = useState(values.q ?? "");
  useEffect(() => setQ(values.q ?? ""), [values.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...values, q: q.trim() || undefined });
  };
  const filtered = Boolean(values.q || values.status || values.subject);

  return (
    <form onSubmit={submit} className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-center">
      <label className="sr-only" htmlFor="topic-search">
        Search topics
      </label>
      <Input
        id="topic-search"
        type="search"
        placeholder="Search topics"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        className="sm:max-w-xs"
      />
      <Select
        aria-label="Status"
        value={values.status ?? ""}
        onChange={(event) => onChange({ ...values, status: event.target.value || undefined })}
        className="sm:w-48"
      >
        <option value="">All statuses</option>
        {TOPIC_STATUS_FILTERS.map((filter) => (
          <option key={filter.key} value={filter.key}>
            {filter.label}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Subject"
        value={values.subject ?? ""}
        onChange={(event) => onChange({ ...values, subject: event.target.value || undefined })}
        className="sm:w-48"
      >
        <option value="">All subjects</option>
        {subjects?.map((subject) => (
          <option key={subject.id} value={subject.id}>
            {subject.title}
          </option>
        ))}
      </Select>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {filtered ? (
        <Button variant="ghost" onClick={() => onChange({})}>
          Clear
        </Button>
      ) : null}
    </form>
  );
}
