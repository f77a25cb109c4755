import { useSyncExternalStore } from 'react';

// Spec 2 "Application shell": a full-screen loading overlay with an optional message while the
// loading flag is set; the shell clears the flag at the start of every route change.
export interface LoadingOverlayState {
  loading: boolean;
  message: string | undefined;
}

let state: LoadingOverlayState = { loading: false, message: undefined };
const listeners = new Set<() => void>();

function set(next: LoadingOverlayState): void {
  if (next.loading === state.loading && next.message === state.message) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export function showLoadingOverlay(message?: string): void {
  set({ loading: true, message });
}

export function hideLoadingOverlay(): void {
  set({ loading: false, message: undefined });
}

export function loadingOverlayState(): LoadingOverlayState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadingOverlay(): LoadingOverlayState {
  return useSyncExternalStore(subscribe, loadingOverlayState, loadingOverlayState);
}
