import { useEffect, useRef, useState } from 'react';
import type { IssuedTemporaryLink } from '../api/staff-api';
import { formatDateTime } from '../shared/format';

/** The link just issued: shown whole (its address is never shown again), with a copy button. */
export function IssuedLink({ link }: { link: IssuedTemporaryLink }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section aria-labelledby="staff-link-result" className="panel">
      <h2 id="staff-link-result" ref={heading} tabIndex={-1}>
        Link created
      </h2>
      {link.sent_to && <p>It has been e-mailed to {link.sent_to}.</p>}
      {link.message && <p className="staff-warning">{link.message}</p>}
      <div className="field">
        <label htmlFor="staff-link-url">Temporary link</label>
        <textarea id="staff-link-url" className="staff-link-url" readOnly rows={3} value={link.url} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <p>It works until {formatDateTime(link.expires_at)}. This is the only time the whole link is shown.</p>
      <p className="staff-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy link
        </button>
        <span role="status" aria-live="polite">
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'The link could not be copied: select it and copy it yourself.' : ''}
        </span>
      </p>
    </section>
  );
}
