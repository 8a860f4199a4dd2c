/**
 * The product's own e-mail (the confirmation of a submission): a small Lambda invoked
 * asynchronously by submit, with Lambda's retries and a dead-letter queue, sending through
 * Amazon SES from a sender identity this construct creates from context `mailFromAddress`.
 * Without it the function still exists (submit may invoke it) but has no sender: it logs each
 * unsent confirmation as an error, and synthesis says so.
 */
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableBinding, type Binding } from './bindings';
import type { Data } from './data';
import { AppFunction } from './function';
import type { Monitoring } from './monitoring';

export interface MailProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  monitoring: Monitoring;
  /** The sender of confirmation e-mails; an SES identity is created for it (verify it once). */
  fromAddress?: string;
}

/** The one SES action the confirmation sender needs. */
export const SEND_MAIL_ACTIONS: readonly string[] = ['ses:SendEmail'];

export class Mail extends Construct {
  readonly fn: AppFunction;
  readonly deadLetters: sqs.Queue;
  readonly identity?: ses.EmailIdentity;
  /** Sending as the institution from a route (a temporary link to its recipient): the sender and SendEmail on its identity alone. */
  readonly binding: Binding;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'SendConfirmation', {
      entry: 'events/send-confirmation.ts',
      sourceRoot: props.sourceRoot,
      description: 'Sends the confirmation e-mail of a submitted application',
      environment: props.environment,
      timeout: Duration.seconds(30),
    })
      // Readwrite on status: the "sent" marker that keeps it to one e-mail per submission.
      .bind(tableBinding('statusTable', props.data.status), 'readwrite')
      .bind(tableBinding('answersTable', props.data.answers), 'read');

    if (props.fromAddress) {
      this.identity = new ses.EmailIdentity(this, 'Sender', { identity: ses.Identity.email(props.fromAddress) });
      this.fn.addEnvironment('MAIL_FROM_ADDRESS', props.fromAddress);
      const { account, region, partition } = Stack.of(this);
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [...SEND_MAIL_ACTIONS],
          resources: [`arn:${partition}:ses:${region}:${account}:identity/${this.identity.emailIdentityName}`],
        }),
      );
    } else {
      // An info, not a warning: a trial deployment without a sender is legitimate (synth prints it).
      Annotations.of(this).addInfo(
        'No mailFromAddress in context: confirmation e-mails of submissions are not sent (deploy with -c mailFromAddress=admissions@example.edu, see docs/deploy.md).',
      );
    }

    this.binding = mailBinding(this.identity, props.fromAddress);

    this.deadLetters = props.monitoring.deadLetterQueue(this, 'ConfirmationDeadLetters');
    this.fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new destinations.SqsDestination(this.deadLetters),
    });
    props.monitoring.alarmOnDeadLetters(this, 'ConfirmationDeadLettersAlarm', this.deadLetters, 'Confirmation e-mail');
  }
}

/** Without a sender the binding grants nothing and the address is empty: the route then reports the mail as not sent. */
function mailBinding(identity: ses.EmailIdentity | undefined, fromAddress: string | undefined): Binding {
  return {
    name: 'mail',
    environment: { MAIL_FROM_ADDRESS: identity && fromAddress ? fromAddress : '' },
    grant: (grantee, access) => {
      if (!identity) return;
      const actions = typeof access === 'string' ? SEND_MAIL_ACTIONS : access.filter((a) => a.startsWith('ses:'));
      if (actions.length === 0) return;
      const { account, region, partition } = Stack.of(identity);
      grantee.grantPrincipal.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: [...actions], resources: [`arn:${partition}:ses:${region}:${account}:identity/${identity.emailIdentityName}`] }),
      );
    },
  };
}
