/**
 * Deployment parameters, read from CDK context (`-c key=value` or cdk.context.json) in one place
 * so every construct gets typed, validated values and a bad parameter fails before synthesis.
 */
import * as path from 'node:path';
import type { CapacityInputs } from './capacity';

export interface Settings {
  /** APP_ENV of every function; the spec's production environment name is 'production'. */
  appEnv: string;
  /** Lowercase prefix of the few physical names we must fix (the uploads bucket, see documents.ts). */
  namePrefix: string;
  /** Custom domain for the site (apply.example.edu); needs `certificateArn` too. */
  domainName?: string;
  /** ACM certificate for `domainName`, in us-east-1 (a CloudFront requirement). */
  certificateArn?: string;
  /** Verified SES identity Cognito sends from; without it Cognito's own sender (50 mails/day) is used. */
  sesFromAddress?: string;
  /** Region of the SES identity; defaults to the stack's region. */
  sesRegion?: string;
  /**
   * The SES domain identity `sesFromAddress` belongs to, when the domain (not the address) is
   * what is verified in SES: Cognito is then pointed at identity/<domain>.
   */
  sesVerifiedDomain?: string;
  /** Sender of the product's own e-mails (submission confirmations); the stack creates its SES identity. */
  mailFromAddress?: string;
  /** Where CloudWatch alarms are e-mailed (optional; the topic exists either way). */
  alarmEmail?: string;
  /** An existing WAFv2 web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution. */
  webAclArn?: string;
  /** `auto`: without `webAclArn`, the stack creates its own rate-limiting web ACL (us-east-1 only, lib/waf.ts); `off`: none. */
  waf: WafMode;
  /** The Vite build to publish (absolute path). */
  webBuildDir: string;
  /** Folder holding lambdas/ (absolute path); tests point it at stub handlers. */
  sourceRoot: string;
  /** The deadline-day model's inputs (docs/capacity.md); the throttles and reserved concurrency follow from them. */
  capacity: CapacityInputs;
  /**
   * The renderer's reserved concurrency: off (the default: a new account may not have the
   * concurrency to spare), `auto` (from the deadline-day model) or a number. On needs
   * `accountConcurrency` given explicitly (lib/capacity.ts checks the reservation fits it).
   */
  rendererReservedConcurrency: 'off' | 'auto' | number;
  /**
   * The document converter's reserved concurrency (its ceiling too, so a flood of uploads or
   * letters cannot starve the renders and the API): off (the default), `auto` or a number, on the
   * same terms as the renderer's; the two together must fit the account.
   */
  converterReservedConcurrency: 'off' | 'auto' | number;
  /** Whether `accountConcurrency` was given (a reservation is only checked against a quota someone looked up). */
  accountConcurrencyGiven: boolean;
  /**
   * Address suggestions: `auto` (Amazon Location's place index where the region offers it, the
   * imported lookup list elsewhere), `places` (require the index), `list` (never create one).
   */
  addressLookup: AddressLookup;
  /**
   * The institution's configuration file (`-c institution=FILE`, else INSTITUTION_CONFIG, else
   * the sample; docs/white-label.md): bin/app.ts loads and checks it before the stack is built.
   */
  institution?: string;
  /**
   * How many of the answers table's indexes to create, in their fixed order (ANSWERS_INDEXES):
   * CloudFormation creates one global secondary index per table update, so an upgrade that adds
   * several deploys with 3, then 4, then without (docs/deploy.md). Absent: all of them.
   */
  answersIndexes?: number;
}

export const WAF_MODES = ['auto', 'off'] as const;
export type WafMode = (typeof WAF_MODES)[number];

export const ADDRESS_LOOKUPS = ['auto', 'places', 'list'] as const;
export type AddressLookup = (typeof ADDRESS_LOOKUPS)[number];

/** Every context key the app reads (docs/deploy.md documents each; test/infra/docs.test.ts compares). */
export const CONTEXT_KEYS = [
  'appEnv',
  'namePrefix',
  'stackName',
  'domainName',
  'certificateArn',
  'sesFromAddress',
  'sesRegion',
  'sesVerifiedDomain',
  'mailFromAddress',
  'alarmEmail',
  'webAclArn',
  'waf',
  'webBuildDir',
  'sourceRoot',
  'peakSubmissionsPerSecond',
  'sesSendRate',
  'accountConcurrency',
  'rendererReservedConcurrency',
  'converterReservedConcurrency',
  'addressLookup',
  'institution',
  'answersIndexes',
] as const;

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

type Context = (key: string) => unknown;

function positive(get: Context, key: string, fallback: number): number {
  const v = get(key);
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`context ${key} must be a positive number`);
  return n;
}

function optional(get: Context, key: string): string | undefined {
  const v = get(key);
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw new Error(`context ${key} must be a string`);
  return v.trim();
}

function answersIndexes(get: Context): number | undefined {
  const v = get('answersIndexes');
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  // Its upper bound is the number of indexes, which lib/data.ts checks (this module imports no route table).
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`context answersIndexes must be a whole number, at least 1 (the answers table's indexes to create, in order)`);
  return n;
}

function reservation(get: Context, key: 'rendererReservedConcurrency' | 'converterReservedConcurrency'): Settings[typeof key] {
  const v = get(key);
  if (v === undefined || v === null || v === '' || v === 'off' || v === false || v === 'false') return 'off';
  if (v === 'auto') return 'auto';
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isInteger(n) || n <= 0) throw new Error(`context ${key} must be off, auto or a whole number of executions`);
  return n;
}

function addressLookup(get: Context): AddressLookup {
  const v = optional(get, 'addressLookup') ?? 'auto';
  if (!(ADDRESS_LOOKUPS as readonly string[]).includes(v)) throw new Error(`context addressLookup must be one of ${ADDRESS_LOOKUPS.join(', ')}`);
  return v as AddressLookup;
}

function wafMode(get: Context): WafMode {
  const v = optional(get, 'waf') ?? 'auto';
  if (!(WAF_MODES as readonly string[]).includes(v)) throw new Error(`context waf must be one of ${WAF_MODES.join(', ')}`);
  return v as WafMode;
}

export function readSettings(get: Context): Settings {
  const settings: Settings = {
    appEnv: optional(get, 'appEnv') ?? 'production',
    namePrefix: optional(get, 'namePrefix') ?? 'admissions',
    domainName: optional(get, 'domainName'),
    certificateArn: optional(get, 'certificateArn'),
    sesFromAddress: optional(get, 'sesFromAddress'),
    sesRegion: optional(get, 'sesRegion'),
    sesVerifiedDomain: optional(get, 'sesVerifiedDomain'),
    mailFromAddress: optional(get, 'mailFromAddress'),
    alarmEmail: optional(get, 'alarmEmail'),
    webAclArn: optional(get, 'webAclArn'),
    waf: wafMode(get),
    webBuildDir: path.resolve(REPO_ROOT, optional(get, 'webBuildDir') ?? 'web/dist'),
    sourceRoot: path.resolve(REPO_ROOT, optional(get, 'sourceRoot') ?? '.'),
    capacity: {
      peakSubmissionsPerSecond: positive(get, 'peakSubmissionsPerSecond', 17.4),
      sesSendRate: positive(get, 'sesSendRate', 14),
      accountConcurrency: positive(get, 'accountConcurrency', 1000),
    },
    rendererReservedConcurrency: reservation(get, 'rendererReservedConcurrency'),
    converterReservedConcurrency: reservation(get, 'converterReservedConcurrency'),
    accountConcurrencyGiven: ![undefined, null, ''].includes(get('accountConcurrency') as never),
    addressLookup: addressLookup(get),
    institution: optional(get, 'institution'),
    answersIndexes: answersIndexes(get),
  };
  if (!/^[a-z][a-z0-9-]{1,20}$/.test(settings.namePrefix)) {
    throw new Error('context namePrefix must be 2-21 lowercase letters, digits or dashes (it becomes part of a bucket name)');
  }
  if (Boolean(settings.domainName) !== Boolean(settings.certificateArn)) {
    throw new Error('context domainName and certificateArn go together: give both or neither');
  }
  if (settings.certificateArn && !settings.certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new Error('context certificateArn must be an ACM certificate in us-east-1 (CloudFront only reads certificates there)');
  }
  if (settings.sesFromAddress && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(settings.sesFromAddress)) {
    throw new Error('context sesFromAddress must be an e-mail address');
  }
  if (settings.sesVerifiedDomain && !settings.sesFromAddress) {
    throw new Error(
      'context sesVerifiedDomain names the domain of sesFromAddress: give sesFromAddress too (e.g. -c sesFromAddress=admissions@example.edu -c sesVerifiedDomain=example.edu)',
    );
  }
  if (settings.sesVerifiedDomain && !settings.sesFromAddress?.toLowerCase().endsWith(`@${settings.sesVerifiedDomain.toLowerCase()}`)) {
    throw new Error(`context sesFromAddress must be an address at sesVerifiedDomain (${settings.sesVerifiedDomain})`);
  }
  if (settings.mailFromAddress && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(settings.mailFromAddress)) {
    throw new Error('context mailFromAddress must be an e-mail address');
  }
  return settings;
}
