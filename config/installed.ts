/**
 * Imported first by every Node entry point that loads the form's modules (npm start, the event
 * runtime, scripts, benchmarks): the process becomes the institution of INSTITUTION_CONFIG (or
 * the sample), or stops naming the file's problems. Its top-level await holds the entry point's
 * later imports until the sections are installed.
 */
import { establishOrExit } from './establish';

await establishOrExit();
