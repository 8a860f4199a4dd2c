import { useEffect, useState } from 'react';

/**
 * The otpauth:// URI as a QR code for an authenticator app. SVG text, not a canvas, so it renders
 * the same everywhere; an image with a text alternative, the secret itself is printed beside it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The encoder loads only here: most sign-ins never set up an app.
    import('qrcode')
      .then(({ toString }) => toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        () => live && setSrc(null),
      );
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <img className="staff-qr" src={src} alt={label} width={200} height={200} /> : <div className="staff-qr" aria-hidden="true" />;
}
