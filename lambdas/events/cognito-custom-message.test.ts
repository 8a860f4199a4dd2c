import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { customMessage, handler } from './cognito-custom-message';

function event(triggerSource: CustomMessageTriggerEvent['triggerSource'], email = 'ana+test@example.edu'): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: '1f0c3d2e-uuid',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: { userAttributes: { email }, codeParameter: '{####}', linkParameter: '{##Click##}', usernameParameter: null },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}

/** The link as the applicant receives it: Cognito has put the code where its marker {####} stood. */
function hrefOf(html: string, code = '123456'): URL {
  const href = /href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('no link in message');
  return new URL(href.replaceAll('&amp;', '&').replaceAll('{####}', code));
}

describe('forgot-password e-mail', () => {
  it('links to /reset on the site with the e-mail as username and the code as id', () => {
    const message = customMessage(event('CustomMessage_ForgotPassword'), 'https://apply.example.edu/');
    const url = hrefOf(message?.emailMessage ?? '', '042137');
    expect(url.origin + url.pathname).toBe('https://apply.example.edu/reset');
    expect(url.searchParams.get('username')).toBe('ana+test@example.edu');
    expect(url.searchParams.get('id')).toBe('042137');
  });

  it("keeps Cognito's code marker {####} as it is, for Cognito to put the code in", () => {
    const message = customMessage(event('CustomMessage_ForgotPassword'), 'https://apply.example.edu');
    expect(message?.emailMessage).toContain('&amp;id={####}"');
  });

  it('cannot break out of the link attribute whatever the address contains', () => {
    const message = customMessage(event('CustomMessage_ForgotPassword', 'a"><script>@x.io'), 'https://apply.example.edu');
    expect(message?.emailMessage).not.toContain('<script>');
    expect(hrefOf(message?.emailMessage ?? '').searchParams.get('username')).toBe('a"><script>@x.io');
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode', 'CustomMessage_AdminCreateUser'] as const)('leaves %s to the pool template', (source) =>
    expect(customMessage(event(source), 'https://apply.example.edu')).toBeNull(),
  );
});

describe('custom message handler', () => {
  const saved = process.env.PUBLIC_ORIGIN;
  afterEach(() => {
    if (saved === undefined) delete process.env.PUBLIC_ORIGIN;
    else process.env.PUBLIC_ORIGIN = saved;
  });

  it('returns the event with subject and message filled for forgot-password', async () => {
    process.env.PUBLIC_ORIGIN = 'https://d111.cloudfront.net';
    const out = await handler(event('CustomMessage_ForgotPassword'));
    expect(out.response.emailSubject).toBe('Reset your password');
    expect(hrefOf(out.response.emailMessage ?? '').origin).toBe('https://d111.cloudfront.net');
  });

  it('returns other events untouched', async () => {
    process.env.PUBLIC_ORIGIN = 'https://d111.cloudfront.net';
    const out = await handler(event('CustomMessage_SignUp'));
    expect(out.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });

  it('fails loudly when the site origin is not configured', async () => {
    delete process.env.PUBLIC_ORIGIN;
    await expect(handler(event('CustomMessage_ForgotPassword'))).rejects.toThrow(/PUBLIC_ORIGIN/);
  });
});
