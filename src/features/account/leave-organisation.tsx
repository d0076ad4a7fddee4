import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { hasActiveMembership, type Membership } from "@/domain/access";
import { useAuth } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import { leaveOrganisation } from "./api";

/**
 * Leave an organisation, after a confirmation. Whether one may (the last admin may not) is Postgres's
 * decision; its refusal stays in the dialog as a sentence. Without an organisation left, onboarding.
 */
export function LeaveOrganisation({ membership }: { membership: Membership }) {
  const { store } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) setError(null);
  };

  const leave = async () => {
    setBusy(true);
    setError(null);
    try {
      await leaveOrganisation(store.client, membership.membershipId, membership.entityName);
      setOpen(false);
      toast.success(`You left ${membership.entityName}`);
      const user = await store.refresh();
      if (user && !hasActiveMembership(user.memberships)) await navigate({ to: "/onboarding" });
    } catch (failure) {
      setError(errorMessage(failure, "Could not leave the organisation"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => openChange(true)}
        aria-label={`Leave ${membership.entityName}`}
      >
        Leave
      </Button>
      <Dialog
        open={open}
        onOpenChange={openChange}
        title={`Leave ${membership.entityName}?`}
        description="You lose access to its topics and collections. An admin can invite you again."
      >
        {error ? (
          <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => openChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={leave} disabled={busy}>
            {busy ? "Leaving…" : "Leave organisation"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
