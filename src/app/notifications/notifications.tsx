import { useEffect } from 'react';
import { ToastBar, Toaster, useToasterStore } from 'react-hot-toast';
import { syncVisibleNotifications } from '../../lib/notifications/notification-queue';

// Spec 9 "Notifications": top-center, auto-close 4000 ms, transition 250 ms, at most 5 on screen
// (the rest queued), container width 440 px, max height 200 px.
export const NOTIFICATION_DURATION_MS = 4000;
export const NOTIFICATION_TRANSITION_MS = 250;
export const NOTIFICATION_WIDTH_PX = 440;
export const NOTIFICATION_MAX_HEIGHT_PX = 200;

const KEYFRAMES = `
@keyframes folio-toast-in { from { opacity: 0; transform: translateY(-12px) scale(.97); } to { opacity: 1; transform: none; } }
@keyframes folio-toast-out { from { opacity: 1; transform: none; } to { opacity: 0; transform: translateY(-12px) scale(.97); } }
.folio-toast-enter { animation: folio-toast-in ${NOTIFICATION_TRANSITION_MS}ms ease-out; }
.folio-toast-leave { animation: folio-toast-out ${NOTIFICATION_TRANSITION_MS}ms ease-in forwards; }
`;

function QueueWatcher() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    syncVisibleNotifications(toasts.filter((entry) => entry.visible).map((entry) => entry.id));
  }, [toasts]);
  return null;
}

export function Notifications() {
  return (
    <>
      <style>{KEYFRAMES}</style>
      <QueueWatcher />
      <Toaster
        position="top-center"
        containerStyle={{ top: 16 }}
        toastOptions={{
          duration: NOTIFICATION_DURATION_MS,
          removeDelay: NOTIFICATION_TRANSITION_MS,
          style: { width: NOTIFICATION_WIDTH_PX, maxWidth: NOTIFICATION_WIDTH_PX, maxHeight: NOTIFICATION_MAX_HEIGHT_PX, overflow: 'auto' },
        }}
      >
        {(entry) => (
          <ToastBar
            toast={entry}
            style={{
              ...entry.style,
              animation: `${entry.visible ? 'folio-toast-in' : 'folio-toast-out'} ${NOTIFICATION_TRANSITION_MS}ms ${entry.visible ? 'ease-out' : 'ease-in forwards'}`,
            }}
          />
        )}
      </Toaster>
    </>
  );
}
