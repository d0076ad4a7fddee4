import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, TextField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { activeMemberships, activeRoles, hasAccess, type Membership } from "@/domain/access";
import { useAuth, useSignedInUser, useSupabase } from "@/lib/auth/auth-context";
import { EMAIL_PATTERN, INVALID_EMAIL } from "@/lib/auth/auth-errors";
import { acceptInvitation } from "@/lib/entities";
import { errorMessage } from "@/lib/query";
import { THEMES, type Theme, useTheme } from "@/lib/theme";
import {
  fetchInvitations,
  fetchProfile,
  INVITABLE_ROLES,
  type InvitableRole,
  type Invitation,
  inviteMember,
  revokeInvitation,
  updateDisplayName,
} from "./api";
import { LanguageModelSection } from "./language-model-section";
import { LeaveOrganisation } from "./leave-organisation";
import { MembersSection } from "./members-section";
import { Section } from "./section";

export function SettingsScreen() {
  const user = useSignedInUser();
  const roles = user.activeMembership ? activeRoles(user.memberships, user.activeMembership.entityId) : [];
  const admin = hasAccess(roles, "admin");
  // Admins and managers read the entity's memberships (RLS); a member would see only themselves.
  const seesMembers = hasAccess(roles, "manager");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Account settings" description={user.email} />
      <div className="space-y-6">
        <ProfileSection />
        <AppearanceSection />
        <OrganisationSection />
        {seesMembers && user.activeMembership ? (
          <MembersSection membership={user.activeMembership} canChangeRoles={admin} />
        ) : null}
        {admin && user.activeMembership ? <InvitationsSection membership={user.activeMembership} /> : null}
        {admin && user.activeMembership ? <LanguageModelSection membership={user.activeMembership} /> : null}
        <SignOutSection />
      </div>
    </div>
  );
}

function ProfileSection() {
  const client = useSupabase();
  const user = useSignedInUser();
  const { data: profile, mutate } = useSWR(["profile", user.id] as const, ([, id]) =>
    fetchProfile(client, id),
  );
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setName(profile?.display_name ?? ""), [profile?.display_name]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await updateDisplayName(client, user.id, name.trim());
      await mutate();
      toast.success("Profile saved");
    } catch (error) {
      toast.error(errorMessage(error, "Could not save your profile"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Profile">
      <form onSubmit={save} className="space-y-4">
        <Field label="E-mail address" hint="You sign in with this address.">
          {(props) => <Input {...props} value={user.email} readOnly disabled />}
        </Field>
        <TextField label="Display name" value={name} maxLength={120} onChange={setName} />
        <Button type="submit" disabled={busy || !profile}>
          {busy ? "Saving…" : "Save profile"}
        </Button>
      </form>
    </Section>
  );
}

const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

function AppearanceSection() {
  const { theme, setTheme } = useTheme();
  return (
    <Section title="Appearance" description="System follows your device's light or dark setting.">
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="inline-flex rounded-lg border border-neutral-300 p-1 dark:border-neutral-700">
          {THEMES.map((option) => (
            <label
              key={option}
              className="cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-neutral-600 has-[:checked]:bg-emerald-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600 dark:text-neutral-300"
            >
              <input
                type="radio"
                name="theme"
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
                className="sr-only"
              />
              {THEME_LABELS[option]}
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

function OrganisationSection() {
  const { user, activeMembership, store } = useAuth();
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ membership: Membership; stayedIn: Membership } | null>(null);
  if (!user) return null;
  const options = activeMemberships(user.memberships);

  const accept = async (membership: Membership) => {
    setAccepting(membership.membershipId);
    setJoined(null);
    // Without a stored choice the first active membership is the active one, and the new one may sort
    // first: pinning the current choice keeps the learner where they are until they switch themselves.
    const current = activeMembership?.status === "active" ? activeMembership : null;
    if (current) store.selectMembership(current.membershipId);
    try {
      await acceptInvitation(store.client, membership.membershipId);
      await store.refresh();
      toast.success(`You joined ${membership.entityName}`);
      if (current) setJoined({ membership, stayedIn: current });
    } catch (error) {
      toast.error(errorMessage(error, "Could not accept the invitation"));
    } finally {
      setAccepting(null);
    }
  };

  return (
    <Section
      title="Organisations"
      description="The active organisation decides which topics and collections you see."
    >
      {joined ? (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <p>
            You joined {joined.membership.entityName}. You are still working in {joined.stayedIn.entityName}.
          </p>
          <Button
            size="sm"
            onClick={() => {
              store.selectMembership(joined.membership.membershipId);
              setJoined(null);
            }}
          >
            Switch to {joined.membership.entityName}
          </Button>
        </div>
      ) : null}
      {options.length > 0 ? (
        <Field label="Active organisation">
          {(props) => (
            <Select
              {...props}
              value={activeMembership?.membershipId ?? ""}
              onChange={(event) => store.selectMembership(event.target.value)}
              className="sm:max-w-sm"
            >
              {options.map((membership) => (
                <option key={membership.membershipId} value={membership.membershipId}>
                  {membership.entityName}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-neutral-500 dark:text-neutral-400">
            You are not an active member of any organisation yet.
          </p>
          <Button variant="secondary" onClick={() => navigate({ to: "/onboarding" })}>
            Set up an organisation
          </Button>
        </div>
      )}
      {user.memberships.length > 0 ? (
        <>
          <h3 className="mt-6 mb-2 text-sm font-medium text-neutral-700 dark:text-neutral-300">
            Your memberships
          </h3>
          <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
            {user.memberships.map((membership) => (
              <li
                key={membership.membershipId}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{membership.entityName}</p>
                  <p className="text-sm text-neutral-500 dark:text-neutral-400 capitalize">
                    {membership.entityKind}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge>{membership.memberRole}</Badge>
                  <Badge
                    tone={
                      membership.status === "active"
                        ? "success"
                        : membership.status === "invited"
                          ? "warning"
                          : "neutral"
                    }
                  >
                    {membership.status}
                  </Badge>
                  {membership.status === "invited" ? (
                    <Button size="sm" onClick={() => accept(membership)} disabled={accepting !== null}>
                      {accepting === membership.membershipId ? "Joining…" : "Accept"}
                    </Button>
                  ) : null}
                  {membership.status === "active" ? <LeaveOrganisation membership={membership} /> : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

function InvitationsSection({ membership }: { membership: Membership }) {
  const client = useSupabase();
  const { data: invitations, mutate } = useSWR(["invitations", membership.entityId] as const, ([, id]) =>
    fetchInvitations(client, id),
  );
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) return setError(INVALID_EMAIL);
    setBusy(true);
    setError(null);
    try {
      await inviteMember(client, membership.entityId, address, role);
      await mutate();
      toast.success(`Invitation sent to ${address}`);
      setEmail("");
    } catch (failure) {
      setError(errorMessage(failure, "Could not send the invitation"));
    } finally {
      setBusy(false);
    }
  };

  const [revoking, setRevoking] = useState<string | null>(null);
  const revoke = async (invitation: Invitation) => {
    setRevoking(invitation.id);
    try {
      await revokeInvitation(client, invitation.id);
      toast.success(`Invitation to ${invitation.invited_email} revoked`);
    } catch (failure) {
      toast.error(errorMessage(failure, "Could not revoke the invitation"));
    } finally {
      setRevoking(null);
      await mutate();
    }
  };

  return (
    <Section
      title="Invite members"
      description={`Invite people to ${membership.entityName}. They join when they accept after signing in.`}
    >
      <form onSubmit={invite} noValidate className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <TextField label="E-mail address" error={error} type="email" value={email} onChange={setEmail} />
        <Field label="Role">
          {(props) => (
            <Select
              {...props}
              value={role}
              onChange={(event) => setRole(event.target.value as InvitableRole)}
            >
              {INVITABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Inviting…" : "Invite"}
        </Button>
      </form>
      {invitations?.length ? (
        <>
          <h3 className="mt-6 mb-2 text-sm font-medium text-neutral-700 dark:text-neutral-300">
            Pending invitations
          </h3>
          <ul className="space-y-1 text-sm">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 flex-1 truncate">{invitation.invited_email}</span>
                <Badge>{invitation.member_role}</Badge>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => revoke(invitation)}
                  disabled={revoking !== null}
                  aria-label={`Revoke the invitation to ${invitation.invited_email}`}
                >
                  {revoking === invitation.id ? "Revoking…" : "Revoke"}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

function SignOutSection() {
  const { store } = useAuth();
  const navigate = useNavigate();
  const signOut = async () => {
    // docs/product.md §4/§8: logout clears the user and goes to /login, also when the sign-out call fails.
    await store.signOut();
    await navigate({ to: "/login", search: {} });
  };
  return (
    <Section title="Sign out" description="Sign out of studymap on this device.">
      <Button variant="danger" onClick={signOut}>
        Sign out
      </Button>
    </Section>
  );
}
