/**
 * The student information system's machine clients in AWS (docs/sis-api.md): a user pool of no
 * users whose app clients are the machines (client-credentials grant, a secret each, made by
 * `npm run sis -- add-client NAME --aws`), its resource server `sis` with the API's scopes, and
 * the pool's domain, whose /oauth2/token is the token endpoint (a stack output). The /sis/v1/
 * routes sit behind a JWT authorizer of this pool that checks each route's scope (lib/api.ts);
 * the routes' own middleware checks the client's record too (revoked, expired, rate), the same
 * code the local stack runs.
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { SIS_RESOURCE_SERVER, SIS_SCOPE_WORDS, SIS_SCOPES } from '#form/wire/sis';

export interface SisProps {
  namePrefix: string;
}

export class Sis extends Construct {
  readonly userPool: cognito.UserPool;
  readonly resourceServer: cognito.UserPoolResourceServer;
  readonly domain: cognito.UserPoolDomain;

  constructor(scope: Construct, id: string, props: SisProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'MachinePool', {
      // Machines only: nobody signs up or in; the app clients are the credentials.
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: 16,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(1),
      },
      accountRecovery: cognito.AccountRecovery.NONE,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    this.resourceServer = this.userPool.addResourceServer('ResourceServer', {
      identifier: SIS_RESOURCE_SERVER,
      userPoolResourceServerName: 'Student information system API',
      scopes: SIS_SCOPES.map((s) => new cognito.ResourceServerScope({ scopeName: s, scopeDescription: SIS_SCOPE_WORDS[s] })),
    });
    // A prefix unique in the region: the account's number keeps two institutions' stacks apart.
    this.domain = this.userPool.addDomain('TokenDomain', { cognitoDomain: { domainPrefix: `${props.namePrefix}-sis-${Aws.ACCOUNT_ID}` } });
  }

  /** Cognito's issuer of the pool's tokens, as the JWT authorizer checks it. */
  get issuer(): string {
    return `https://cognito-idp.${Aws.REGION}.amazonaws.com/${this.userPool.userPoolId}`;
  }

  get tokenEndpoint(): string {
    return `${this.domain.baseUrl()}/oauth2/token`;
  }
}
