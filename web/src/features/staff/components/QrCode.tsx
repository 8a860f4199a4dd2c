import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';

/**
 * The otpauth:// URI as a QR code for an authenticator app. SVG text, not a canvas, so it renders
 * the same everywhere; an image with a text alternative, the secret itself is printed beside it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <img className="staff-qr" src={src} alt={label} width={200} height={200} /> : <div className="staff-qr" aria-hidden="true" />;
}
