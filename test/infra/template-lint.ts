/**
 * A CloudFormation template linter that needs nothing but npm: each resource checked against
 * the CloudFormation resource specification CDK itself is generated from (@aws-cdk/aws-service-spec):
 * the type exists, every property is one the type has, required ones are there, no property is
 * an empty string (CloudFormation refuses those where an identifier is expected, e.g. the
 * archive's KmsKeyIdentifier); and every reference resolves: Ref, Fn::GetAtt (to an attribute the
 * type has), Fn::Sub, DependsOn and Condition name something the template declares, and a nested
 * stack is given exactly the parameters its template declares. cfn-lint does more (per-region
 * availability, value formats); this always runs, cfn-lint runs where it is installed.
 */
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import type { Resource, SpecDatabase } from '@aws-cdk/service-spec-types';
import type { Json } from './template';

let db: SpecDatabase | undefined;
const spec = (): SpecDatabase => (db ??= loadAwsServiceSpecSync());

function typeSpec(type: string): Resource | undefined {
  return spec().lookup('resource', 'cloudFormationType', 'equals', type)[0];
}

/** Every value inside another, with the path that leads to it. */
function* walk(value: Json, at: string): Generator<[string, Json]> {
  yield [at, value];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${at}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries<Json>(value)) yield* walk(v, `${at}.${k}`);
}

const isCustom = (type: string) => type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource';

/** Findings for one template; `nested` gives the parameters each nested stack resource's template declares. */
export function lintTemplate(template: Json, nested: (resourceId: string) => string[] | undefined = () => undefined): string[] {
  const findings: string[] = [];
  const resources = (template.Resources ?? {}) as Record<string, Json>;
  const parameters = new Set(Object.keys(template.Parameters ?? {}));
  const conditions = new Set(Object.keys(template.Conditions ?? {}));
  const known = (name: string) => name in resources || parameters.has(name) || name.startsWith('AWS::');

  for (const [id, r] of Object.entries(resources)) {
    const type = r.Type as string;
    const props = (r.Properties ?? {}) as Record<string, Json>;
    const s = isCustom(type) ? undefined : typeSpec(type);
    if (!isCustom(type) && !s) findings.push(`${id}: unknown resource type ${type}`);
    if (s) {
      for (const name of Object.keys(props)) if (!(name in s.properties)) findings.push(`${id}: ${type} has no property ${name}`);
      for (const [name, p] of Object.entries(s.properties)) if (p.required && !(name in props)) findings.push(`${id}: ${type} requires ${name}`);
    }
    for (const [name, value] of Object.entries(props)) if (value === '') findings.push(`${id}: ${name} is an empty string`);
    for (const d of [r.DependsOn ?? []].flat() as string[]) if (!(d in resources)) findings.push(`${id}: DependsOn ${d}, which is not in the template`);
    if (r.Condition && !conditions.has(r.Condition)) findings.push(`${id}: condition ${r.Condition} is not declared`);
    if (type === 'AWS::CloudFormation::Stack') {
      const declared = nested(id);
      const given = Object.keys(props.Parameters ?? {}).sort();
      if (declared && JSON.stringify(declared.sort()) !== JSON.stringify(given))
        findings.push(`${id}: passes parameters ${given.join(',')} but its template declares ${declared.join(',')}`);
    }
  }

  for (const [at, v] of walk({ Resources: resources, Outputs: template.Outputs ?? {}, Conditions: template.Conditions ?? {} }, '')) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    if (typeof v.Ref === 'string' && !known(v.Ref)) findings.push(`${at}: Ref ${v.Ref} names nothing in the template`);
    if (Array.isArray(v['Fn::GetAtt'])) {
      const [target, attribute] = v['Fn::GetAtt'] as [string, string];
      const r = resources[target];
      if (!r) findings.push(`${at}: Fn::GetAtt ${target} names no resource`);
      else if (!isCustom(r.Type) && r.Type !== 'AWS::CloudFormation::Stack') {
        const s = typeSpec(r.Type);
        if (s && !(attribute in s.attributes)) findings.push(`${at}: ${r.Type} has no attribute ${attribute}`);
      }
    }
    if (v['Fn::Sub'] !== undefined) {
      const [text, vars] = (Array.isArray(v['Fn::Sub']) ? v['Fn::Sub'] : [v['Fn::Sub'], {}]) as [string, Record<string, Json>];
      for (const m of text.matchAll(/\$\{([^!}][^}]*)\}/g)) {
        const name = m[1]!.split('.')[0]!;
        if (!(name in vars) && !known(name)) findings.push(`${at}: Fn::Sub names ${name}, which is not in the template`);
      }
    }
    if (typeof v['Fn::If']?.[0] === 'string' && !conditions.has(v['Fn::If'][0])) findings.push(`${at}: Fn::If names undeclared condition ${v['Fn::If'][0]}`);
  }
  return findings;
}
