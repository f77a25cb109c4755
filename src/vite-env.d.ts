/// <reference types="vite/client" />
/** True only in `VITE_INSPECT=true npm run dev` (vite.config.ts): wires the Stately inspector. */
declare const __INSPECT__: boolean;
