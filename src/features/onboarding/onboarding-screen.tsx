import { useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { MembershipsErrorNotice } from "@/components/memberships-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Select, TextField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import type { Membership } from "@/domain/access";
import { safeRedirectPath } from "@/domain/search-params";
import { useAuth } from "@/lib/auth/auth-context";
import { acceptInvitation, createEntity, ENTITY_KINDS, type EntityKind } from "@/lib/entities";
import { errorMessage } from "@/lib/query";

export function OnboardingScreen({ redirectTo }: { redirectTo?: string }) {
  const { user, membershipsError } = useAuth();
  const router = useRouter();
  // Unknown memberships are not "none": an existing member must never be offered a new organisation.
  if (membershipsError) return <MembershipsErrorNotice onRetried={() => void router.invalidate()} />;
  const invitations = user?.memberships.filter((membership) => membership.status === "invited") ?? [];
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Welcome to studymap"
        description="Create an organisation for your class or team, or join one you were invited to."
      />
      <div className="space-y-6">
        {invitations.length > 0 ? <Invitations invitations={invitations} redirectTo={redirectTo} /> : null}
        <CreateOrganisation redirectTo={redirectTo} />
      </div>
    </div>
  );
}

/**
 * After a membership becomes active the guards let the user into the main area, or on to the page a
 * deep link was taking them to before onboarding.
 */
function useEnterStudymap(redirectTo: string | undefined) {
  const { store } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await store.refresh();
    await navigate({ href: safeRedirectPath(redirectTo) ?? "/studymap", replace: true });
  };
}

function Invitations({ invitations, redirectTo }: { invitations: Membership[]; redirectTo?: string }) {
  const { store } = useAuth();
  const enter = useEnterStudymap(redirectTo);
  const [accepting, setAccepting] = useState<string | null>(null);
  const accept = async (membership: Membership) => {
    setAccepting(membership.membershipId);
    try {
      await acceptInvitation(store.client, membership.membershipId);
      toast.success(`You joined ${membership.entityName}`);
      await enter();
    } catch (error) {
      toast.error(errorMessage(error, "Could not accept the invitation"));
      setAccepting(null);
    }
  };
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Pending invitations</h2>
      <ul className="mt-4 divide-y divide-neutral-200 dark:divide-neutral-800">
        {invitations.map((membership) => (
          <li key={membership.membershipId} className="flex items-center justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{membership.entityName}</p>
              <p className="text-sm text-neutral-500 dark:text-neutral-400">
                <Badge>{membership.memberRole}</Badge>
              </p>
            </div>
            <Button
              size="sm"
              onClick={() => accept(membership)}
              disabled={accepting !== null}
              aria-label={`Accept invitation to ${membership.entityName}`}
            >
              {accepting === membership.membershipId ? "Joining…" : "Accept"}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CreateOrganisation({ redirectTo }: { redirectTo?: string }) {
  const { store } = useAuth();
  const enter = useEnterStudymap(redirectTo);
  const [name, setName] = useState("");
  const [kind, setKind] = useState<EntityKind>("organisation");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("Give your organisation a name.");
    setBusy(true);
    setError(null);
    try {
      await createEntity(store.client, trimmed, kind);
      toast.success(`${trimmed} is ready`);
      await enter();
    } catch (failure) {
      setError(errorMessage(failure, "Could not create the organisation"));
      setBusy(false);
    }
  };

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Create an organisation</h2>
      <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
        You become its admin and can invite others from your account settings.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField label="Organisation name" error={error} value={name} maxLength={200} onChange={setName} />
        <Field label="Kind">
          {(props) => (
            <Select {...props} value={kind} onChange={(event) => setKind(event.target.value as EntityKind)}>
              {ENTITY_KINDS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create organisation"}
        </Button>
      </form>
    </Card>
  );
}
