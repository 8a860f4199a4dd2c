/** Small readers over a synthesized template, so tests read as statements about the stack. */
import type { Template } from 'aws-cdk-lib/assertions';

// A CloudFormation template is untyped JSON; `any` keeps these readers short and tests check shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function resources(template: Template, type: string): Array<[string, Json]> {
  return Object.entries<Json>(template.toJSON().Resources).filter(([, r]) => r.Type === type);
}

export function resource(template: Template, logicalId: string): Json {
  const r = template.toJSON().Resources[logicalId];
  if (!r) throw new Error(`no resource ${logicalId}`);
  return r;
}

const list = <T>(x: T | T[]): T[] => (Array.isArray(x) ? x : [x]);

/** Every (action, resource) pair the role of a function is allowed, as "action|resource-json". */
export function permissionsOfFunction(template: Template, functionLogicalId: string): Set<string> {
  const roleId = resource(template, functionLogicalId).Properties.Role['Fn::GetAtt'][0] as string;
  return permissionsOfRole(template, roleId);
}

export function permissionsOfRole(template: Template, roleId: string): Set<string> {
  const out = new Set<string>();
  const role = resource(template, roleId);
  expect(role.Properties.ManagedPolicyArns ?? []).toEqual([]);
  for (const [, policy] of resources(template, 'AWS::IAM::Policy')) {
    if (!policy.Properties.Roles.some((r: Json) => r.Ref === roleId)) continue;
    for (const s of policy.Properties.PolicyDocument.Statement) {
      expect(s.Effect).toBe('Allow');
      for (const a of list(s.Action)) for (const r of list(s.Resource)) out.add(`${a}|${JSON.stringify(r)}`);
    }
  }
  return out;
}

export const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
export const objectsOf = (logicalId: string) => ({ 'Fn::Join': ['', [arnOf(logicalId), '/*']] });
export const pairs = (actions: readonly string[], target: Json) => actions.map((a) => `${a}|${JSON.stringify(target)}`);
