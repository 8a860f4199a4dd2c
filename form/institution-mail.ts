/**
 * How the product's e-mails are signed: the sender's display name and the signature every mail
 * ends with, from the institution's configuration file. Server code only (the browser sends none).
 */
import type { MailConfig } from './types';

const mail = globalThis.__INSTITUTION__.mail;

export const mailSender: MailConfig = mail;

/** The lines that end every e-mail: a blank line, then the configured signature. */
export const signatureLines = (): string[] => ['', ...mail.signature.split('\n').map((l) => l.trimEnd())];
