/**
 * The student information system's machine clients in AWS (issue 38): the machine pool with its
 * resource server, scopes and domain, the token endpoint in the outputs, a JWT authorizer of that
 * pool on every /sis/v1/ route requiring the route's scope, and the routes' grants.
 */
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { NO_SIS_CLIENT } from '#cdk/settings';
import { SIS_SCOPES } from '#form/wire/sis';
import { routes } from '#lambdas/routes';
import { synth } from './harness';
import { permissionsOfFunction, resource, resources, type Json } from './template';

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

  it('exist, each behind a JWT authorizer of the machine pool that requires its scope', () => {
    expect(machineRoutes.length).toBeGreaterThan(0);
    const [authorizer, ...others] = resources(template, 'AWS::ApiGatewayV2::Authorizer').filter(([, a]) => a.Properties.AuthorizerType === 'JWT');
    expect(others).toEqual([]);
    const jwt = authorizer![1].Properties;
    expect(jwt.IdentitySource).toEqual(['$request.header.Authorization']);
    // No client yet: an audience no client has, so the routes admit nobody.
    expect(jwt.JwtConfiguration.Audience).toEqual([NO_SIS_CLIENT]);
    expect(JSON.stringify(jwt.JwtConfiguration.Issuer)).toContain(logicalId(stack.sis.userPool));
    for (const r of machineRoutes) {
      const route = routeOf(`${r.method} ${r.path}`).Properties;
      expect(route.AuthorizationType, r.name).toBe('JWT');
      expect(route.AuthorizationScopes, r.name).toEqual([`sis/${r.scope}`]);
      expect(route.AuthorizerId, r.name).toEqual({ Ref: authorizer![0] });
    }
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

  it('admits the clients named in context sisClientIds, and refuses context that names none', () => {
    const given = synth({ sisClientIds: 'abc123, def456' });
    const [[, jwt]] = resources(given.template, 'AWS::ApiGatewayV2::Authorizer').filter(([, a]) => a.Properties.AuthorizerType === 'JWT') as [[string, Json]];
    expect(jwt.Properties.JwtConfiguration.Audience).toEqual(['abc123', 'def456']);
    expect(() => synth({ sisClientIds: 'not an id!' })).toThrow('sisClientIds');
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
