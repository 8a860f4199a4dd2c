/**
 * Uploaded files and what is made of them. Applicants POST originals straight to the uploads
 * bucket (presigned POST, under uploads/); each new object invokes the conversion Lambda, which
 * writes a PDF to the documents bucket. The documents bucket also holds application PDFs.
 */
import { Aws, Duration, Fn } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { privateBucketProps } from './access-logs';
import { bucketBinding, tableBinding } from './bindings';
import { chromiumBundling } from './chromium';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Monitoring } from './monitoring';

export const UPLOAD_PREFIX = 'uploads/';
/**
 * Recommenders' letters, converted by the same function: the domain's key layout
 * (lambdas/domain/recommendations/keys.ts; test/infra/recommendations.test.ts holds the two equal).
 */
export const LETTER_PREFIX = 'recommendations/';
/**
 * Originals are only the conversion's input: the converted PDF in the documents bucket is what
 * the application keeps, and nothing reads an original once its conversion ran (within the hour:
 * three attempts, events older than an hour dropped). So every original, attached or abandoned
 * (presigned and never attached), is removed after a day: the institution's retention policy
 * keeps no copy of a document that serves nothing (docs/retention.md).
 */
export const ORIGINALS_KEPT_DAYS = 1;

/**
 * The last 12 hex digits of the stack's id (arn:…:stack/<name>/<uuid>): unique to this stack's
 * creation, so a name built with it is globally unique without naming the account.
 */
export function stackSuffix(): string {
  return Fn.select(4, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
}

export interface DocumentsProps {
  sourceRoot: string;
  namePrefix: string;
  environment: Record<string, string>;
  publicOrigin: string;
  data: Data;
  logs: s3.IBucket;
  monitoring: Monitoring;
}

export class Documents extends Construct {
  readonly uploads: s3.Bucket;
  readonly documents: s3.Bucket;
  readonly converter: EventFunction;
  readonly deadLetters: sqs.Queue;
  /**
   * The origin the browser POSTs uploads to (the SDK's virtual-hosted regional URL), built from
   * the name rather than the bucket's attributes so the site can name it without depending on it.
   */
  readonly uploadsOrigin: string;

  constructor(scope: Construct, id: string, props: DocumentsProps) {
    super(scope, id);
    const uploadsName = `${props.namePrefix}-uploads-${stackSuffix()}`;
    this.uploadsOrigin = `https://${uploadsName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.uploads = new s3.Bucket(this, 'Uploads', {
      ...privateBucketProps(props.logs, 'uploads'),
      // A name known before the bucket exists breaks a cycle: the site's CSP (connect-src) names
      // this bucket while the bucket's CORS rule names the site. Its suffix comes from the stack's
      // id, new with every stack created: a failed first deploy that left the bucket behind does
      // not block the retry with "bucket already exists".
      bucketName: uploadsName,
      cors: [
        {
          allowedOrigins: [props.publicOrigin],
          allowedMethods: [s3.HttpMethods.POST],
          allowedHeaders: ['content-type'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { id: 'abandoned-uploads', prefix: UPLOAD_PREFIX, expiration: Duration.days(ORIGINALS_KEPT_DAYS) },
        { id: 'abandoned-letters', prefix: LETTER_PREFIX, expiration: Duration.days(ORIGINALS_KEPT_DAYS) },
        { id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    this.documents = new s3.Bucket(this, 'Documents', {
      ...privateBucketProps(props.logs, 'documents'),
      lifecycleRules: [{ id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    this.converter = new EventFunction(this, 'Convert', {
      entry: 'events/convert-upload.ts',
      sourceRoot: props.sourceRoot,
      description: 'Converts an uploaded document (image, PDF, docx) to a PDF in the documents bucket',
      environment: props.environment,
      // sharp and Chromium ship x86_64 Linux binaries; Chromium needs the memory.
      architecture: lambda.Architecture.X86_64,
      memorySize: 2048,
      timeout: Duration.minutes(2),
      ...chromiumBundling(['sharp']),
      monitoring: props.monitoring,
    })
      .bind(bucketBinding('uploadsBucket', this.uploads), 'read')
      .bind(bucketBinding('documentsBucket', this.documents), 'readwrite')
      .bind(tableBinding('answersTable', props.data.answers), 'readwrite')
      // Recommenders' letters: their conversion status is kept on the recommendation (status table).
      .bind(tableBinding('statusTable', props.data.status), 'readwrite');

    this.deadLetters = this.converter.retryAsync({ name: 'Convert', what: 'Document conversion', maxEventAge: Duration.hours(1) });
    this.uploads.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.converter), { prefix: UPLOAD_PREFIX });
    this.uploads.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.converter), { prefix: LETTER_PREFIX });
  }
}
