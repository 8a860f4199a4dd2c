/**
 * The application-PDF renderer: headless Chromium prints the service view
 * (`${PUBLIC_ORIGIN}/about?service_token=...`) and appends the converted documents. Invoked
 * asynchronously on submit (and on a PDF request), with its own retries and dead-letter queue.
 */
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { bucketBinding, tableBinding } from './bindings';
import { chromiumBundling } from './chromium';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Monitoring } from './monitoring';

export interface RendererProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  documents: s3.IBucket;
  monitoring: Monitoring;
}

export class Renderer extends Construct {
  readonly fn: EventFunction;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: RendererProps) {
    super(scope, id);
    this.fn = new EventFunction(this, 'RenderPdf', {
      entry: 'events/render-pdf.ts',
      sourceRoot: props.sourceRoot,
      description: 'Prints the submitted application to PDF with headless Chromium',
      environment: props.environment,
      architecture: lambda.Architecture.X86_64,
      memorySize: 2048,
      timeout: Duration.minutes(3),
      ...chromiumBundling(),
      monitoring: props.monitoring,
    })
      .bind(tableBinding('answersTable', props.data.answers), 'readwrite')
      .bind(tableBinding('tabsTable', props.data.tabs), 'read')
      // Readwrite: the service token it mints for the print view is stored (hashed) there.
      .bind(tableBinding('statusTable', props.data.status), 'readwrite')
      .bind(bucketBinding('documentsBucket', props.documents), 'readwrite');

    this.deadLetters = this.fn.retryAsync({ name: 'Render', what: 'Application PDF', maxEventAge: Duration.hours(1) });
  }
}
