import { activeMemberships } from "@/domain/access";
import { useAuth } from "@/lib/auth/auth-context";

/**
 * Switches the active organisation (docs/product.md §4) when the user belongs to more than one. The name
 * takes the room the header has and is cut short only when that runs out, with the full name as tooltip.
 */
export function MembershipSwitcher({ className }: { className?: string }) {
  const { user, activeMembership, store } = useAuth();
  const options = user ? activeMemberships(user.memberships) : [];
  if (options.length < 2) {
    return activeMembership ? (
      <span
        title={activeMembership.entityName}
        className="hidden min-w-0 truncate text-sm text-neutral-500 sm:block dark:text-neutral-400"
      >
        {activeMembership.entityName}
      </span>
    ) : null;
  }
  return (
    <select
      aria-label="Active organisation"
      title={activeMembership?.entityName}
      value={activeMembership?.membershipId ?? ""}
      onChange={(event) => store.selectMembership(event.target.value)}
      className={
        className ??
        "min-w-0 truncate rounded-lg border border-neutral-300 bg-white py-1 pr-7 pl-2 text-sm dark:border-neutral-700 dark:bg-neutral-900"
      }
    >
      {options.map((membership) => (
        <option key={membership.membershipId} value={membership.membershipId}>
          {membership.entityName}
        </option>
      ))}
    </select>
  );
}
