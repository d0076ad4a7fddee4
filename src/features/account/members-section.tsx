import { useState } from "react";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Select } from "@/components/ui/field";
import type { Membership } from "@/domain/access";
import { useAuth, useSignedInUser, useSupabase } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import { toast } from "@/lib/toast";
import { changeMemberRole, fetchMembers, INVITABLE_ROLES, type InvitableRole, type Member } from "./api";
import { Section } from "./section";

/**
 * The active organisation's members with their names, addresses and roles; an admin changes a role with
 * the select on each row (Postgres decides: admins only, and never the last admin away).
 */
export function MembersSection({
  membership,
  canChangeRoles = false,
}: {
  membership: Membership;
  canChangeRoles?: boolean;
}) {
  const client = useSupabase();
  const user = useSignedInUser();
  const {
    data: members,
    error,
    mutate,
  } = useSWR(["members", membership.entityId] as const, ([, id]) => fetchMembers(client, id));
  return (
    <Section
      title="Members"
      description={`Everyone who is an active member of ${membership.entityName}.${canChangeRoles ? " Admins may do anything; creators and managers manage topics; managers also see the members; members study." : ""}`}
    >
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
              {canChangeRoles ? (
                <RoleSelect member={member} isSelf={member.userId === user.id} onChanged={() => mutate()} />
              ) : (
                <Badge>{member.role}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function RoleSelect({ member, isSelf, onChanged }: { member: Member; isSelf: boolean; onChanged(): void }) {
  const client = useSupabase();
  const { store } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = member.name || member.email || "this member";

  const change = async (role: InvitableRole) => {
    setBusy(true);
    setError(null);
    try {
      await changeMemberRole(client, member.membershipId, role);
      toast.success(`${label} is now ${role}`);
      onChanged();
      // One's own role decides what the screens offer: read the memberships again.
      if (isSelf) await store.refresh();
    } catch (failure) {
      setError(errorMessage(failure, "Could not change the role"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex shrink-0 flex-col items-end gap-1">
      <Select
        aria-label={`Role of ${label}`}
        className="w-auto"
        value={member.role}
        disabled={busy}
        onChange={(event) => change(event.target.value as InvitableRole)}
      >
        {INVITABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </Select>
      {error ? (
        <p role="alert" className="max-w-xs text-right text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
