/**
 * The product's own e-mail (the confirmation of a submission): a small Lambda invoked
 * asynchronously by submit, with Lambda's retries and a dead-letter queue, sending through
 * Amazon SES from a sender identity this construct creates from context `mailFromAddress`.
 * Without it the function still exists (submit invokes it) but has no sender: each job ends
 * 'no-sender' without sending, retrying or failing (domain/confirmation.ts), and synthesis says
 * so. It alarms on its errors and its dead letters like every other event worker.
 */
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENV_BY_RESOURCE } from '#lambdas/routes';
import { tableBinding, type Binding } from './bindings';
import type { Data } from './data';
import { EventFunction } from './event-function';
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
  readonly fn: EventFunction;
  readonly deadLetters: sqs.Queue;
  /** For routes that send the product's other e-mails themselves (a temporary link to its recipient, recommendations): the sender and SendEmail on it alone. */
  readonly binding: Binding;
  readonly identity?: ses.EmailIdentity;
  /**
   * The sender's configuration set (the identity's default, so every mail of the product goes
   * through it): its bounces and complaints are published (lib/mail-feedback.ts) and its
   * reputation measured. SES authorises a send on the set too, so the grants name both.
   */
  readonly configurationSet: ses.ConfigurationSet;
  /** The sender identity's ARN (the one resource `ses:SendEmail` is granted on), when there is a sender. */
  readonly identityArn?: string;
  private readonly fromAddress?: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.fn = new EventFunction(this, 'SendConfirmation', {
      entry: 'events/send-confirmation.ts',
      sourceRoot: props.sourceRoot,
      description: 'Sends the confirmation e-mail of a submitted application',
      environment: props.environment,
      timeout: Duration.seconds(30),
      monitoring: props.monitoring,
    })
      // Readwrite on status: the "sent" marker that keeps it to one e-mail per submission.
      .bind(tableBinding('statusTable', props.data.status), 'readwrite')
      .bind(tableBinding('answersTable', props.data.answers), 'read');

    this.configurationSet = new ses.ConfigurationSet(this, 'Sending', { reputationMetrics: true });
    if (props.fromAddress) {
      this.identity = new ses.EmailIdentity(this, 'Sender', { identity: ses.Identity.email(props.fromAddress), configurationSet: this.configurationSet });
      this.fn.addEnvironment('MAIL_FROM_ADDRESS', props.fromAddress);
      const { account, region, partition } = Stack.of(this);
      this.identityArn = `arn:${partition}:ses:${region}:${account}:identity/${this.identity.emailIdentityName}`;
      this.fromAddress = props.fromAddress;
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...SEND_MAIL_ACTIONS], resources: this.sendResources() }));
    } else {
      // An info, not a warning: a trial deployment without a sender is legitimate (synth prints it).
      Annotations.of(this).addInfo(
        'No mailFromAddress in context: confirmation e-mails of submissions are not sent (deploy with -c mailFromAddress=admissions@example.edu, see docs/deploy.md).',
      );
    }

    this.binding = this.mailBinding();
    this.deadLetters = this.fn.retryAsync({ name: 'Confirmation', what: 'Confirmation e-mail', maxEventAge: Duration.hours(6) });
  }

  private mailBinding(): Binding {
    const [variable] = ENV_BY_RESOURCE.mail;
    const arn = this.identityArn;
    const resources = arn ? this.sendResources() : [];
    return {
      name: 'mail',
      // Without a sender the variable is empty and the adapter says so (MailNotConfigured) at the first send.
      environment: { [variable as string]: this.fromAddress ?? '' },
      grant: (grantee, access) => {
        const actions = typeof access === 'string' ? SEND_MAIL_ACTIONS : access;
        if (arn && actions.length > 0) grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...actions], resources }));
      },
    };
  }

  /** What a send is authorised on: the sender identity and its configuration set. */
  private sendResources(): string[] {
    const { account, region, partition } = Stack.of(this);
    return [this.identityArn!, `arn:${partition}:ses:${region}:${account}:configuration-set/${this.configurationSet.configurationSetName}`];
  }
}
