import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { handler } from './cognito-pre-token';

function event(triggerSource: PreTokenGenerationV2TriggerEvent['triggerSource']): PreTokenGenerationV2TriggerEvent {
  return {
    version: '2',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: '1f0c3d2e-uuid',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: { userAttributes: { sub: '1f0c3d2e', email: 'ana@example.edu' }, groupConfiguration: {}, scopes: ['aws.cognito.signin.user.admin'] },
    response: { claimsAndScopeOverrideDetails: {} },
  };
}

describe('the pre token generation trigger of the applicants pool', () => {
  it.each(['TokenGeneration_Authentication', 'TokenGeneration_RefreshTokens', 'TokenGeneration_NewPasswordChallenge'] as const)(
    'suppresses the user-admin scope in the access token (%s), and changes nothing else',
    async (source) => {
      const answer = await handler(event(source));
      expect(answer.response).toEqual({ claimsAndScopeOverrideDetails: { accessTokenGeneration: { scopesToSuppress: ['aws.cognito.signin.user.admin'] } } });
      expect(answer.request).toEqual(event(source).request);
    },
  );
});
