/**
 * Address suggestions from Amazon Location's place index, where the region offers it. Elsewhere
 * (17 commercial regions have no AWS::Location::PlaceIndex) the stack creates none and the
 * lookup function answers from the imported lookup list (an empty LOOKUP_PLACE_INDEX selects
 * it, lambdas/wiring/lookup.ts), so synth says so instead of CloudFormation failing.
 */
import { Annotations, Stack, Token } from 'aws-cdk-lib';
import { CfnPlaceIndex } from 'aws-cdk-lib/aws-location';
import type { AddressLookup } from './settings';

/** Regions whose CloudFormation offers AWS::Location::PlaceIndex (cfn-lint 1.51's region schemas, November 2026). */
export const PLACE_INDEX_REGIONS: readonly string[] = [
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-central-1',
  'eu-north-1',
  'eu-south-2',
  'eu-west-1',
  'eu-west-2',
  'ap-northeast-1',
  'ap-south-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-5',
  'us-gov-west-1',
];

/** What the lookup binding names: the index and its ARN, or none (the imported list answers). */
export interface AddressPlaces {
  index?: CfnPlaceIndex;
  name: string;
  arn?: string;
}

export function addressPlaces(stack: Stack, namePrefix: string, mode: AddressLookup): AddressPlaces {
  const region = stack.region;
  const known = !Token.isUnresolved(region);
  const note = (message: string) => Annotations.of(stack).addInfo(message);
  if (mode === 'list') {
    note('addressLookup=list: no Amazon Location place index; address suggestions come from the imported lookup list (npm run lookup:import -- --aws).');
    return { name: '' };
  }
  if (known && !PLACE_INDEX_REGIONS.includes(region)) {
    if (mode === 'places') {
      throw new Error(
        `context addressLookup=places, but ${region} does not offer Amazon Location's place index (it does in ${PLACE_INDEX_REGIONS.join(', ')}): use -c addressLookup=auto or list`,
      );
    }
    note(`${region} does not offer Amazon Location's place index: address suggestions come from the imported lookup list (npm run lookup:import -- --aws).`);
    return { name: '' };
  }
  if (!known) {
    Annotations.of(stack).addWarningV2(
      'admissions:place-index-region',
      `The region is not known at synth (no credentials), so the template creates an Amazon Location place index, which only ${PLACE_INDEX_REGIONS.join(', ')} offer: deploy elsewhere with -c addressLookup=list, or synth with credentials for the target region and the stack decides.`,
    );
  }
  // SingleUse: results are shown, never stored by the place index.
  const index = new CfnPlaceIndex(stack, 'AddressPlaces', {
    indexName: `${namePrefix}-addresses`,
    dataSource: 'Esri',
    dataSourceConfiguration: { intendedUse: 'SingleUse' },
    description: 'Address suggestions for the application form',
  });
  return { index, name: index.indexName, arn: index.attrArn };
}
