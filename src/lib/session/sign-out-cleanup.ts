// Spec 4 "Auth": signing out clears the active property. The property work owns that state, so it
// registers how to clear it here and the session machine's `clearActiveProperty` action runs it.
type Cleanup = () => void;

const cleanups = new Set<Cleanup>();

/** Registers work to do when the user signs out; returns a function that unregisters it. */
export function registerSignOutCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/** Runs every registered cleanup; one failing does not stop the others or the sign-out. */
export function runSignOutCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (error) {
      console.error('sign-out cleanup failed', error);
    }
  }
}
