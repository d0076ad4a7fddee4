import type { AuthChangeEvent } from "@supabase/supabase-js";
import { type AppUser, resolveActiveMembershipId } from "@/domain/access";
import type { StudymapClient } from "@/lib/database";
import { immediately, type Scheduler } from "@/lib/idle";
import {
  type CurrentUser,
  fetchCurrentUser,
  localMembershipChoice,
  type MembershipCache,
  type MembershipChoiceStore,
  type MembershipsUnavailableError,
} from "./current-user";

export interface AuthSnapshot {
  /** docs/product.md §4: loading until the first session check has ended. */
  status: "loading" | "ready";
  user: AppUser | null;
  /** Present while the signed-in user's memberships could not be read; refresh() tries again. */
  membershipsError?: MembershipsUnavailableError;
}

function snapshotOf({ user, membershipsError }: CurrentUser): AuthSnapshot {
  return membershipsError ? { status: "ready", user, membershipsError } : { status: "ready", user };
}

/**
 * The signed-in user, shared by the router (guards read it in beforeLoad) and React (through
 * useSyncExternalStore). It is a store rather than React state so a guard always sees the latest user,
 * even in the same tick as a sign-in or sign-out.
 */
export class AuthStore {
  private snapshot: AuthSnapshot = { status: "loading", user: null };
  private readonly listeners = new Set<() => void>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private readonly changedListeners = new Set<() => void>();
  private readonly readyPromise: Promise<AuthSnapshot>;
  private markReady: (snapshot: AuthSnapshot) => void = () => {};
  private started = false;
  private refreshing: Promise<CurrentUser> | null = null;

  constructor(
    readonly client: StudymapClient,
    private readonly choices: MembershipChoiceStore = localMembershipChoice,
    /** Memberships of the last visit (main.tsx passes localStorage's); none by default. */
    private readonly cache: MembershipCache | null = null,
  ) {
    this.readyPromise = new Promise((resolve) => {
      this.markReady = resolve;
    });
  }

  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called when the session ends elsewhere (another tab, an expired refresh token). */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  /** Called when a background re-read changed the memberships shown from the last visit. */
  onMembershipsChanged(listener: () => void): () => void {
    this.changedListeners.add(listener);
    return () => this.changedListeners.delete(listener);
  }

  /** Resolves once the first session check has ended; guards await it. */
  async ready(): Promise<AuthSnapshot> {
    await this.readyPromise;
    return this.snapshot;
  }

  /**
   * The session check: runs once, then follows the client's auth events. On a return visit the re-read
   * of the user and memberships is handed to `background` (main.tsx: after the first page has rendered),
   * so it does not compete with the page's own code and data for the network.
   */
  async start({ background = immediately }: { background?: Scheduler } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { data, error } = await this.client.auth.getSession();
    if (error) console.error("Failed to get session:", error);
    const sessionUser = data.session?.user;
    const cached = sessionUser ? this.cache?.read(sessionUser.id) : null;
    if (sessionUser && cached) {
      // A return visit: the stored session and last visit's memberships open the page at once (the
      // session is read locally; every request the page makes is checked by Postgres with its token).
      // The user and memberships are read again behind it; a change re-runs the guards.
      const activeMembershipId = resolveActiveMembershipId(cached, this.choices.read(sessionUser.id));
      this.set({
        status: "ready",
        user: { id: sessionUser.id, email: sessionUser.email ?? "", memberships: cached, activeMembershipId },
      });
      this.markReady(this.snapshot);
      background(() => void this.revalidate());
    } else {
      // Ready (guards pass) once the memberships are in; entity metadata, which no guard reads, follows
      // without holding the first page back.
      const current = data.session ? await this.load(false) : { user: null, membershipsError: null };
      this.set(snapshotOf(current));
      this.markReady(this.snapshot);
      if (current.complete) await this.complete(current.complete);
    }
    this.client.auth.onAuthStateChange((event) => {
      // Supabase warns against awaiting its own calls inside this callback; run after it returns.
      setTimeout(() => void this.handleAuthEvent(event), 0);
    });
  }

  /** Reloads the user and memberships, e.g. after sign-in, onboarding or an accepted invitation. */
  async refresh(): Promise<AppUser | null> {
    const current = await this.load();
    this.set(snapshotOf(current));
    return current.user;
  }

  /**
   * Reads the user and memberships (one read at a time) and remembers memberships that were read.
   * `withMetadata` false answers as soon as the memberships are in (see start()).
   */
  private async load(withMetadata = true): Promise<CurrentUser> {
    this.refreshing ??= fetchCurrentUser(this.client, this.choices).finally(() => {
      this.refreshing = null;
    });
    const current = await this.refreshing;
    if (!current.user || current.membershipsError || !current.complete) return current;
    if (!withMetadata) return current;
    const user = await current.complete;
    this.cache?.write(user.id, user.memberships);
    return { user, membershipsError: null };
  }

  /** Puts the entity metadata into the user shown, unless someone else signed in or out meanwhile. */
  private async complete(completing: Promise<AppUser>): Promise<void> {
    const user = await completing;
    this.cache?.write(user.id, user.memberships);
    const shown = this.snapshot.user;
    if (shown?.id !== user.id) return;
    const memberships = user.memberships.filter((membership) =>
      shown.memberships.some((known) => known.membershipId === membership.membershipId),
    );
    if (memberships.length !== shown.memberships.length) return;
    this.set({ ...this.snapshot, user: { ...shown, memberships } });
  }

  /** The background re-read after a start from the last visit's memberships. */
  private async revalidate(): Promise<void> {
    const shown = this.snapshot.user;
    const current = await this.load();
    if (this.snapshot.user !== shown) return; // signed out or refreshed meanwhile: that one counts
    // Unanswered is not signed out: forgetting the memberships here would also cost the next page its
    // early reads, since a reload cuts this read off (docs/performance.md).
    if (current.unreachable) return;
    if (!current.user) {
      if (shown) this.cache?.clear(shown.id);
      this.set(snapshotOf(current));
      for (const listener of this.sessionEndedListeners) listener();
      return;
    }
    // A failed re-read keeps what the last visit read (logged by fetchCurrentUser).
    if (current.membershipsError) return;
    // The usual answer is the user shown: publishing it again would re-render every screen that reads
    // the user while the page's own data is arriving, for nothing.
    if (JSON.stringify(current.user) === JSON.stringify(shown)) return;
    const changed = JSON.stringify(current.user.memberships) !== JSON.stringify(shown?.memberships);
    this.set(snapshotOf(current));
    if (changed) for (const listener of this.changedListeners) listener();
  }

  /** docs/product.md §4: the active membership is switchable and remembered. */
  selectMembership(membershipId: string): void {
    const user = this.snapshot.user;
    if (!user) return;
    const activeMembershipId = resolveActiveMembershipId(user.memberships, membershipId);
    if (activeMembershipId !== membershipId) return;
    this.choices.write(user.id, membershipId);
    this.set({ ...this.snapshot, user: { ...user, activeMembershipId } });
  }

  /**
   * docs/product.md §4/§8: logout clears the user; a failed sign-out is logged and the user is still
   * cleared. "Sign out of studymap on this device": the local scope ends this session only, and
   * supabase-js removes the stored session before it calls the server, so a failed call cannot leave a
   * session behind that a reload would sign back in with.
   */
  async signOut(): Promise<void> {
    const user = this.snapshot.user;
    if (user) this.cache?.clear(user.id);
    this.set({ status: "ready", user: null });
    // A read of the user still in flight (the background re-read) would otherwise reach the server
    // after the session ended there and be refused: let it finish first.
    await this.refreshing?.catch(() => undefined);
    try {
      const { error } = await this.client.auth.signOut({ scope: "local" });
      if (error) console.error("Failed to sign out:", error);
    } catch (error) {
      console.error("Failed to sign out:", error);
    }
  }

  private async handleAuthEvent(event: AuthChangeEvent): Promise<void> {
    if (event === "SIGNED_OUT") {
      const user = this.snapshot.user;
      if (!user) return;
      this.cache?.clear(user.id);
      this.set({ status: "ready", user: null });
      for (const listener of this.sessionEndedListeners) listener();
      return;
    }
    if (event === "SIGNED_IN" && !this.snapshot.user) await this.refresh();
  }

  private set(snapshot: AuthSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
