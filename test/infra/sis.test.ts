/**
 * The student information system's machine clients in AWS (issue 38): the machine pool with its
 * resource server, scopes and domain, the token endpoint in the outputs, a Lambda authorizer of
 * that pool's tokens on every /sis/v1/ route requiring the route's scope, and the routes' grants.
 */
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { SIS_SCOPES } from '#form/wire/sis';
import { routes } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, permissionsOfFunction, resource, resources, type Json } from './template';

const { stack, template } = synth();
const logicalId = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const machineRoutes = routes.filter((r) => r.access === 'machine');

describe('the machine pool', () => {
  const poolId = () => logicalId(stack.sis.userPool);

  it('has no self sign-up, a resource server `sis` with the three scopes, and a domain', () => {
    expect(resource(template, poolId()).Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    const [server, ...more] = resources(template, 'AWS::Cognito::UserPoolResourceServer');
    expect(more).toEqual([]);
    expect(server![1].Properties).toMatchObject({ Identifier: 'sis', UserPoolId: { Ref: poolId() } });
    expect((server![1].Properties.Scopes as Array<{ ScopeName: string }>).map((s) => s.ScopeName)).toEqual([...SIS_SCOPES]);
    const domains = resources(template, 'AWS::Cognito::UserPoolDomain').filter(([, d]) => JSON.stringify(d.Properties.UserPoolId).includes(poolId()));
    expect(domains).toHaveLength(1);
  });

  it('names its token endpoint and its id in the outputs', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: Json }>;
    expect(JSON.stringify(outputs.SisTokenEndpoint?.Value)).toContain('/oauth2/token');
    expect(outputs.SisUserPoolId?.Value).toEqual({ Ref: poolId() });
  });
});

describe('the /sis/v1/ routes', () => {
  const routeOf = (key: string) => resources(template, 'AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === key)![1];

  it("exist, each behind one Lambda authorizer that verifies the machine pool's tokens and the route's scope, cached a minute per token and route", () => {
    expect(machineRoutes.length).toBeGreaterThan(0);
    const ids = new Set(machineRoutes.map((r) => JSON.stringify(routeOf(`${r.method} ${r.path}`).Properties.AuthorizerId)));
    expect(ids.size).toBe(1);
    const used = resources(template, 'AWS::ApiGatewayV2::Authorizer').filter(([id]) => [...ids][0]!.includes(`"${id}"`));
    expect(used).toHaveLength(1);
    const [authorizerId, authorizer] = used[0]!;
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: ['$request.header.Authorization', '$context.routeKey'],
      AuthorizerResultTtlInSeconds: 60,
      EnableSimpleResponses: true,
    });
    expect(resources(template, 'AWS::ApiGatewayV2::Authorizer').filter(([, a]) => a.Properties.AuthorizerType === 'JWT')).toEqual([]);
    for (const r of machineRoutes) {
      const route = routeOf(`${r.method} ${r.path}`).Properties;
      expect(route.AuthorizationType, r.name).toBe('CUSTOM');
      expect(route.AuthorizerId, r.name).toEqual({ Ref: authorizerId });
    }
  });

  it("runs the authorizer with the machine pool's id and no permission at all beyond its logs", () => {
    const found = resources(template, 'AWS::Lambda::Function').filter(([, f]) => String(f.Properties.Description).startsWith('Admits /sis/v1/'));
    expect(found).toHaveLength(1);
    const [fnId, fn] = found[0]!;
    expect(fn.Properties.Environment.Variables).toMatchObject({
      SIS_USER_POOL_ID: { Ref: expect.stringContaining(logicalId(stack.sis.userPool)) },
      IDENTITY_PROVIDER: 'cognito',
    });
    expect([...permissionsOfFunction(template, fnId)].filter((p) => !p.startsWith('logs:'))).toEqual([]);
  });

  it('serve their OpenAPI document with no authorizer (public, read from the API host name) from the nested stack of the machine API, granted nothing', () => {
    const open = routes.filter((r) => r.path.startsWith('/sis/') && r.access !== 'machine');
    expect(open.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /sis/v1/openapi.json']);
    const route = routeOf('GET /sis/v1/openapi.json').Properties;
    expect(route.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(route).not.toHaveProperty('AuthorizerId');
    const fn = stack.api.functions.get('sisOpenApi')!;
    expect(fn.node.scope).toBe(stack.api.routeStacks.get('SisApi'));
    expect([...permissionsOfFunction(template, logicalId(fn))].filter((p) => !p.startsWith('logs:') && !p.startsWith('xray:'))).toEqual([]);
  });

  it("configure the machine pool's id and grant no Cognito action (a token is verified by the pool's public keys)", () => {
    for (const r of machineRoutes) {
      const fn = stack.api.functions.get(r.name)!;
      const id = logicalId(fn);
      expect(resource(template, id).Properties.Environment.Variables.SIS_USER_POOL_ID, r.name).toEqual(expect.anything());
      expect(
        [...permissionsOfFunction(template, id)].filter((p) => p.startsWith('cognito-idp:')),
        r.name,
      ).toEqual([]);
    }
  });
});

describe('the change index', () => {
  it('may be queried by the list routes alone (the machine’s, and the staff list sorted by last change), and nothing else there', () => {
    const onIndex = routes.filter((r) => r.grants.some((g) => g.resource === 'changesIndex'));
    expect(onIndex.map((r) => r.name).sort()).toEqual(['listApplications', 'sisListApplications']);
    const index = JSON.stringify({ 'Fn::Join': ['', [arnOf(logicalId(stack.data.answers)), '/index/changed']] });
    const grants = resources(template, 'AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Json[])
        .filter((s) => [s.Resource].flat().some((r: Json) => JSON.stringify(r) === index))
        .map((s) => ({ roles: policy.Properties.Roles.map((r: Json) => r.Ref as string), actions: [s.Action].flat() })),
    );
    const roleOf = (name: string) => resource(template, logicalId(stack.api.functions.get(name)!)).Properties.Role['Fn::GetAtt'][0] as string;
    expect(grants).toHaveLength(2);
    expect(grants).toEqual(
      expect.arrayContaining([
        { roles: [roleOf('sisListApplications')], actions: ['dynamodb:Query'] },
        { roles: [roleOf('listApplications')], actions: ['dynamodb:Query'] },
      ]),
    );
  });
});
