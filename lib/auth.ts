/**
 * Applicant identity: a Cognito user pool with e-mail usernames and our password rules (the
 * same constants the sign-up form checks), and one public app client used by the API Lambdas
 * through Cognito's public APIs (USER_PASSWORD_AUTH and refresh; no client secret). Its access
 * tokens carry no `aws.cognito.signin.user.admin` scope (the pre token generation trigger), so a
 * stolen one cannot act on its user at Cognito; the routes' own Admin* calls do what they need.
 */
import { Annotations, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '#form/account';
import { institution } from '#form/institution';
import { mailSender } from '#form/institution-mail';
import { OFFICE_WORDS_READ } from '#lambdas/routes';
import { tableBinding } from './bindings';
import { AppFunction } from './function';

/**
 * Access and ID tokens live as long as the 15-minute idle timeout, so a token left
 * behind by an idle session is worthless when the session would have ended anyway. The refresh
 * token (HttpOnly cookie, revoked by logout's AdminUserGlobalSignOut) bounds a whole working session.
 */
export const TOKEN_LIFETIMES = {
  access: Duration.minutes(15),
  id: Duration.minutes(15),
  refresh: Duration.hours(8),
};

export interface AuthProps {
  sourceRoot: string;
  /** Variables every function gets; includes PUBLIC_ORIGIN for the reset link. */
  environment: Record<string, string>;
  /** The status table, whose `settings` partition holds the office's words of the reset e-mail. */
  status: dynamodb.ITable;
  sesFromAddress?: string;
  sesRegion?: string;
  /** The verified SES domain identity of sesFromAddress, when the domain (not the address) is verified. */
  sesVerifiedDomain?: string;
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly customMessage: AppFunction;
  readonly preTokenGeneration: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.customMessage = new AppFunction(this, 'CustomMessage', {
      entry: 'events/cognito-custom-message.ts',
      sourceRoot: props.sourceRoot,
      description: 'Cognito CustomMessage trigger: reset link in the forgot-password e-mail',
      environment: props.environment,
      memorySize: 256,
      timeout: Duration.seconds(5),
    })
      // The office's words of the reset e-mail (Settings): a Query of their one partition.
      .bind(tableBinding('statusTable', props.status), OFFICE_WORDS_READ.actions, OFFICE_WORDS_READ.keys);

    this.preTokenGeneration = new AppFunction(this, 'PreTokenGeneration', {
      entry: 'events/cognito-pre-token.ts',
      sourceRoot: props.sourceRoot,
      description: 'Cognito pre token generation trigger (V2_0): applicant access tokens without the aws.cognito.signin.user.admin scope',
      environment: props.environment,
      memorySize: 256,
      timeout: Duration.seconds(5),
    });

    if (props.sesFromAddress && !props.sesRegion && Token.isUnresolved(Stack.of(this).region)) {
      throw new Error(
        `context sesFromAddress needs -c sesRegion=<region of its SES identity> (e.g. -c sesRegion=us-east-1): this synth has no fixed region (no CDK_DEFAULT_REGION from credentials), and Cognito must be told where ${props.sesFromAddress} is verified`,
      );
    }
    if (props.sesFromAddress) {
      Annotations.of(this).addWarningV2(
        'admissions:ses-sandbox',
        `Cognito sends from ${props.sesFromAddress} through SES: a new SES account is in the sandbox (verified recipients only, 200 mails a day). Check with \`aws sesv2 get-account --region ${props.sesRegion ?? '<region>'}\` (ProductionAccessEnabled: true) and request production access a few days before applicants sign up.`,
      );
    } else {
      Annotations.of(this).addWarningV2(
        'admissions:cognito-mailer',
        "No sesFromAddress: Cognito's own mailer sends the sign-up codes and reset links, at most 50 e-mails a day for the whole pool. Fine for a trial; for an admissions season deploy with -c sesFromAddress=admissions@example.edu -c sesRegion=<its region> (docs/deploy.md).",
      );
    }
    this.userPool = new cognito.UserPool(this, 'Applicants', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: `Confirm your ${institution.name} application account`,
        emailBody: 'Your confirmation code is {####}. Enter it on the Confirm Your Account page.',
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      // Essentials: the access-token customisation the pre token generation trigger's V2_0 event
      // needs (below); Lite offers only the ID token's. Past the free monthly users it costs more
      // per active user than Lite (docs/capacity.md): the price of tokens a thief cannot use at Cognito.
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      email: props.sesFromAddress
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.sesFromAddress,
            fromName: mailSender.senderName,
            sesRegion: props.sesRegion,
            // Cognito names the identity it sends through identity/<address> unless told the domain is the verified identity.
            sesVerifiedDomain: props.sesVerifiedDomain,
          })
        : cognito.UserPoolEmail.withCognito(),
      lambdaTriggers: { customMessage: this.customMessage },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    // Every access token, at sign-in and at each refresh, without the user-admin scope
    // (lambdas/events/cognito-pre-token.ts): the routes act on the applicant by their own Admin* calls.
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, this.preTokenGeneration, cognito.LambdaVersion.V2_0);

    this.client = passwordClient(this.userPool, 'Web', TOKEN_LIFETIMES);
  }
}

/**
 * An app client for our own sign-in form: user-password auth only, no secret (a browser-facing
 * API holds none), no hosted UI, no hint whether an account exists, revocable refresh tokens.
 * The applicant and staff pools differ only in how long their tokens live.
 */
export function passwordClient(pool: cognito.UserPool, id: string, lifetimes: { access: Duration; id: Duration; refresh: Duration }): cognito.UserPoolClient {
  return pool.addClient(id, {
    authFlows: { userPassword: true },
    generateSecret: false,
    disableOAuth: true,
    supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    accessTokenValidity: lifetimes.access,
    idTokenValidity: lifetimes.id,
    refreshTokenValidity: lifetimes.refresh,
  });
}
