import { createServer, type Server, type Socket } from 'node:net';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { DEFAULT_EMAIL_WORDS } from '#form/mail-words';
import { config, setConfig } from '#lambdas/config';
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

  it('in the product’s words is the HTML e-mail it always was', () => {
    expect(customMessage(event('CustomMessage_ForgotPassword'), 'https://apply.example.edu')).toEqual({
      emailSubject: 'Reset your password',
      emailMessage: [
        '<p>We received a request to reset the password of your application account.</p>',
        '<p><a href="https://apply.example.edu/reset?username=ana%2Btest%40example.edu&amp;id={####}">Choose a new password</a></p>',
        '<p>Or enter this code on the Reset Password page: <strong>{####}</strong></p>',
        '<p>If you did not ask for this, you can ignore this e-mail; your password has not changed.</p>',
      ].join('\n'),
    });
  });

  it('in the office’s words: their subject and paragraphs, the link still the reset link', () => {
    const words = { subject: 'A new password for {application_title}', body: 'Forgot it?\n\n[Pick another one]({link}) with code {code}.' };
    const message = customMessage(event('CustomMessage_ForgotPassword'), 'https://apply.example.edu', words);
    expect(message?.emailSubject).toMatch(/^A new password for \S/);
    expect(message?.emailMessage).toMatch(/^<p>Forgot it\?<\/p>\n<p><a href="[^"]+">Pick another one<\/a> with code <strong>\{####\}<\/strong>\.<\/p>$/);
    expect(hrefOf(message?.emailMessage ?? '', '042137').search).toBe('?username=ana%2Btest%40example.edu&id=042137');
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

  it('writes it in the language the reset was asked in (ClientMetadata, issue 41), else the institution’s', async () => {
    process.env.PUBLIC_ORIGIN = 'https://d111.cloudfront.net';
    const asked = (language: string) => ({
      ...event('CustomMessage_ForgotPassword'),
      request: { ...event('CustomMessage_ForgotPassword').request, clientMetadata: { language } },
    });
    const spanish = await handler(asked('es'));
    expect(spanish.response.emailSubject).toBe('Restablezca su contraseña');
    expect(spanish.response.emailMessage).toContain('{####}');
    expect((await handler(asked('ar'))).response.emailSubject).toBe('أعد تعيين كلمة المرور');
    expect((await handler(asked('fr'))).response.emailSubject).toBe('Reset your password');
  });

  describe('when the office’s words cannot be read', () => {
    const saved = config();
    let silent: Server | undefined;
    const held: Socket[] = [];
    afterEach(async () => {
      setConfig({ dynamodbEndpoint: saved.dynamodbEndpoint, officeWordsCacheSeconds: saved.officeWordsCacheSeconds });
      for (const socket of held.splice(0)) socket.destroy();
      await new Promise((done) => (silent ? silent.close(done) : done(undefined)));
      silent = undefined;
    });

    const sentInProductWords = async () => {
      process.env.PUBLIC_ORIGIN = 'https://d111.cloudfront.net';
      const out = await handler(event('CustomMessage_ForgotPassword'));
      expect(out.response).toMatchObject(
        customMessage(event('CustomMessage_ForgotPassword'), 'https://d111.cloudfront.net', DEFAULT_EMAIL_WORDS.passwordReset)!,
      );
    };

    it('sends the reset e-mail in the product’s words when the table refuses the connection', async () => {
      setConfig({ dynamodbEndpoint: 'http://127.0.0.1:1', officeWordsCacheSeconds: 0 });
      await sentInProductWords();
    });

    it('sends it in the product’s words, in time for Cognito, when the table never answers', { timeout: 10_000 }, async () => {
      silent = createServer((socket) => void held.push(socket));
      await new Promise<void>((listening) => silent!.listen(0, '127.0.0.1', listening));
      const { port } = silent.address() as { port: number };
      setConfig({ dynamodbEndpoint: `http://127.0.0.1:${port}`, officeWordsCacheSeconds: 0 });
      const started = Date.now();
      await sentInProductWords();
      // Cognito waits 5 s for the trigger in all.
      expect(Date.now() - started).toBeLessThan(3000);
    });
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
