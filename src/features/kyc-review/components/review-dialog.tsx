import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useOpeningDoubleClick } from '../../../components/opening-double-click/opening-double-click';

/** A modal with a title; the content is a form of the caller. */
export function ReviewDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const openingClick = useOpeningDoubleClick(open);
  return (
    <Dialog open={open} onClose={openingClick.closeUnlessOpening(onClose)} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4" onMouseDown={openingClick.onMouseDown}>
        <DialogPanel className="w-full max-w-3xl rounded bg-white p-6 shadow-xl">
          <DialogTitle className="mb-3 text-lg font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
