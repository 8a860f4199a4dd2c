/**
 * Amazon Location's place index exists in some regions only: the stack creates it where the
 * region offers it and otherwise leaves address suggestions to the imported lookup list (an
 * empty LOOKUP_PLACE_INDEX), saying so at synth rather than failing in CloudFormation.
 */
import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { PLACE_INDEX_ACTIONS } from '#cdk/bindings';
import { PLACE_INDEX_REGIONS } from '#cdk/places';
import { synth } from './harness';
import { permissionsOfFunction, resource, resources } from './template';

const ACCOUNT = '123456789012';

/** Outside us-east-1 the stack cannot create its own web ACL (lib/waf.ts): these synths turn it off. */
function lookupIn(region: string | undefined, context: Record<string, string> = {}) {
  const s = synth({ waf: 'off', ...context }, region ? { env: { account: ACCOUNT, region } } : {});
  const id = s.stack.getLogicalId(s.stack.api.functions.get('findLookup')!.node.defaultChild as CfnResource);
  const fn = resource(s.template, id).Properties;
  const geo = [...permissionsOfFunction(s.template, id)].filter((p) => p.startsWith('geo:'));
  return { ...s, index: resources(s.template, 'AWS::Location::PlaceIndex'), env: fn.Environment.Variables, geo };
}

describe('address suggestions across regions', () => {
  it('in a region with Amazon Location: a place index, named to the lookup function, which may search it and nothing more', () => {
    expect(PLACE_INDEX_REGIONS).toContain('eu-west-1');
    const { index, env, geo } = lookupIn('eu-west-1');
    expect(index).toHaveLength(1);
    expect(env.LOOKUP_PLACE_INDEX).toBe('admissions-addresses');
    expect(geo.map((p) => p.split('|')[0]).sort()).toEqual([...PLACE_INDEX_ACTIONS].sort());
  });

  it('in a region without it: no index, the imported list answers, and synth says so', () => {
    expect(PLACE_INDEX_REGIONS).not.toContain('eu-west-3');
    const { index, env, geo, stack } = lookupIn('eu-west-3');
    expect(index).toEqual([]);
    expect(env.LOOKUP_PLACE_INDEX).toBe('');
    expect(geo).toEqual([]);
    Annotations.fromStack(stack).hasInfo('/Admissions', Match.stringLikeRegexp('eu-west-3 does not offer .*imported lookup list'));
  });

  it('addressLookup=list never creates one; addressLookup=places refuses a region without it', () => {
    expect(lookupIn('us-east-1', { addressLookup: 'list' }).index).toEqual([]);
    expect(() => lookupIn('us-west-1', { addressLookup: 'places' })).toThrow(/us-west-1 does not offer/);
    expect(() => lookupIn(undefined, { addressLookup: 'maps' })).toThrow(/addressLookup must be one of/);
  });

  it('with no region at synth: the index, and a warning naming the regions and the switch', () => {
    const { index, stack } = lookupIn(undefined);
    expect(index).toHaveLength(1);
    Annotations.fromStack(stack).hasWarning('/Admissions', Match.stringLikeRegexp('addressLookup=list'));
  });
});
