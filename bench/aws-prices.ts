/**
 * AWS list prices the capacity model uses: us-east-1, on-demand, no free tier except where
 * noted, as published on the services' pricing pages when this table was written. Dated so a
 * reader knows how old they are: check the pricing pages before a budget depends on them.
 */
export const PRICES_AS_OF = '2025-06 (us-east-1 list prices; verify on aws.amazon.com/pricing before budgeting)';

export const PRICES = {
  lambda: {
    /** Per GB-second: the API functions run on arm64, the converter and renderer on x86_64. */
    gbSecondArm: 0.0000133334,
    gbSecondX86: 0.0000166667,
    perRequest: 0.2 / 1e6,
  },
  /** HTTP API, first 300 million requests a month, per request (each 512 KB of payload counts as one). */
  apiGatewayHttpPerRequest: 1.0 / 1e6,
  dynamodbOnDemand: {
    perWriteUnit: 0.625 / 1e6,
    perReadUnit: 0.125 / 1e6,
    storageGbMonth: 0.25,
  },
  s3Standard: {
    /** PUT, COPY, POST, LIST. */
    perWriteRequest: 0.005 / 1000,
    /** GET, HEAD and the rest. */
    perReadRequest: 0.0004 / 1000,
    storageGbMonth: 0.023,
    /** Out to the internet (presigned downloads of the PDF), first 10 TB. */
    transferOutGb: 0.09,
  },
  cloudfront: {
    /** Out to viewers in North America and Europe, first 10 TB. */
    transferOutGb: 0.085,
    perHttpsRequest: 0.01 / 10_000,
  },
  cognito: {
    /** Essentials tier (the default for pools created since November 2024), per monthly active user. */
    perMauEssentials: 0.015,
    /** Lite tier, 10,001-100,000 MAUs. */
    perMauLite: 0.0055,
    /** Monthly active users free each month, either tier. */
    freeMau: 10_000,
  },
  ses: { perEmail: 0.1 / 1000 },
} as const;
