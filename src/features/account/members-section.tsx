import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import type { Membership } from "@/domain/access";
import { useSignedInUser, useSupabase } from "@/lib/auth/auth-context";
import { fetchMembers } from "./api";
import { Section } from "./section";

/** The active organisation's members with their names, addresses and roles. */
export function MembersSection({ membership }: { membership: Membership }) {
  const client = useSupabase();
  const user = useSignedInUser();
  const { data: members, error } = useSWR(["members", membership.entityId] as const, ([, id]) =>
    fetchMembers(client, id),
  );
  return (
    <Section title="Members" description={`Everyone who is an active member of ${membership.entityName}.`}>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The members could not be loaded.
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {(members ?? []).map((member) => (
            <li key={member.membershipId} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {member.name || member.email || "Unnamed member"}
                  {member.userId === user.id ? (
                    <span className="ml-1 text-sm font-normal text-neutral-500 dark:text-neutral-400">
                      (you)
                    </span>
                  ) : null}
                </p>
                {member.name && member.email ? (
                  <p className="truncate text-sm text-neutral-500 dark:text-neutral-400">{member.email}</p>
                ) : null}
              </div>
              <Badge>{member.role}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
