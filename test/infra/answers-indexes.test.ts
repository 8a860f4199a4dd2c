/**
 * CloudFormation creates one global secondary index per table update ("Cannot perform more than
 * one GSI creation or deletion in a single update"): the context `answersIndexes` creates the
 * first N of the answers table's indexes, in their fixed order, so an upgrade deploys them one at
 * a time (docs/deploy.md).
 */
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Data } from '#cdk/data';
import { readSettings } from '#cdk/settings';

function indexNames(context: Record<string, string>): string[] {
  const settings = readSettings((key) => context[key]);
  const stack = new Stack(new App(), 'Indexes');
  const data = new Data(stack, 'Data', { answersIndexes: settings.answersIndexes });
  const template = Template.fromStack(stack).toJSON() as {
    Resources: Record<string, { Properties: { GlobalSecondaryIndexes: Array<{ IndexName: string }> } }>;
  };
  const answers = template.Resources[stack.getLogicalId(data.answers.node.defaultChild as CfnElement)]!;
  return answers.Properties.GlobalSecondaryIndexes.map((i) => i.IndexName);
}

describe('the answers table’s indexes, one more per deployment', () => {
  it('creates all five without the context, in their fixed order', () => {
    expect(indexNames({})).toEqual(['submitted', 'changed', 'in-progress', 'by-name', 'by-score']);
  });

  it('creates only the first N with answersIndexes=N (3, then 4, then all)', () => {
    expect(indexNames({ answersIndexes: '3' })).toEqual(['submitted', 'changed', 'in-progress']);
    expect(indexNames({ answersIndexes: '4' })).toEqual(['submitted', 'changed', 'in-progress', 'by-name']);
  });

  it('refuses a number that is not a count of its indexes', () => {
    expect(() => indexNames({ answersIndexes: '0' })).toThrow(/answersIndexes/);
    expect(() => indexNames({ answersIndexes: 'two' })).toThrow(/answersIndexes/);
    expect(() => indexNames({ answersIndexes: '6' })).toThrow(/at most 5/);
  });
});
