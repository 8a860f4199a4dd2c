import { useState } from 'react';
import type { SisClientMade } from '#form/wire/sis-clients';
import { useFocusOn } from './focus-on';

/** The new client's credentials: its secret shown this once, with copy buttons. */
export function IssuedSecret({ made }: { made: SisClientMade }) {
  const heading = useFocusOn<HTMLHeadingElement>(made);
  const [copied, setCopied] = useState('');
  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`The ${what} is copied to the clipboard.`);
    } catch {
      setCopied(`The ${what} could not be copied: select it and copy it yourself.`);
    }
  };
  const line = (id: string, label: string, value: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="staff-link-url" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button--small" onClick={() => void copy(label.toLowerCase(), value)}>
        Copy the {label.toLowerCase()}
      </button>
    </div>
  );
  return (
    <section aria-labelledby="staff-sis-made" className="panel">
      <h2 id="staff-sis-made" ref={heading} tabIndex={-1}>
        Client {made.client.name} created
      </h2>
      <p className="staff-warning">
        Copy the secret into the other system now: this is the only time it is shown. If it is lost, revoke this client and create another.
      </p>
      {line('staff-sis-client-id', 'Client id', made.client.id)}
      {line('staff-sis-client-secret', 'Client secret', made.secret)}
      <p>
        Token endpoint: <code className="staff-email">{made.token_endpoint}</code> (HTTP Basic with the id and secret,{' '}
        <code>grant_type=client_credentials</code>).
      </p>
      <p role="status" aria-live="polite">
        {copied}
      </p>
    </section>
  );
}
