import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code of `text` as one SVG path (dark modules), scaled by CSS; `label` names it for screen readers. */
export function QrCode({ text, label, size = 176, testId }: { text: string; label: string; size?: number; testId?: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    const parts: string[] = [];
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
    return { path: parts.join(''), modules: qr.size };
  }, [text]);
  return (
    <svg role="img" aria-label={label} data-testid={testId} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
