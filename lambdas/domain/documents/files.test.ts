import { describe, expect, it } from 'vitest';
import { attachInput, grantUploadInput } from '#form/wire/documents';
import { InputError } from '#form/wire/input';
import { FILE_MESSAGES, parseDocumentKey, parseFileName, sanitiseFileName, validateFile } from '.';

const parsePresignRequest = grantUploadInput.body;
const parseAttachRequest = attachInput.body;

describe('file names', () => {
  it('keeps only the last path segment and drops quotes, markup and control characters', () => {
    expect(sanitiseFileName('../../../test/etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\me\\cv.pdf')).toBe('cv.pdf');
    expect(sanitiseFileName('../x";.html')).toBe('x.html');
    expect(sanitiseFileName('a<script>b.pdf')).toBe('ascriptb.pdf');
    expect(sanitiseFileName('\u0000..hidden.pdf')).toBe('hidden.pdf');
    expect(sanitiseFileName('  my   cv .docx ')).toBe('my cv .docx');
  });

  it("accepts 32 characters and refuses 33 with the spec's message", () => {
    expect(parseFileName(`${'a'.repeat(28)}.pdf`)).toHaveLength(32);
    expect(() => parseFileName(`${'a'.repeat(29)}.pdf`)).toThrow(FILE_MESSAGES.nameTooLong);
  });

  it("refuses extensions outside the five types with the spec's message", () => {
    for (const name of ['cv.exe', 'cv', 'cv.pdf.html', '../x";.html', 'cv.PNG.gif']) expect(() => parseFileName(name), name).toThrow(FILE_MESSAGES.type);
    for (const name of ['cv.PNG', 'a.jpeg', 'a.jpg', 'a.pdf', 'a.docx']) expect(parseFileName(name)).toBe(name);
  });

  it("shares the browser's checks: size, type, name length, emptiness", () => {
    expect(validateFile({ name: 'a.pdf', size: 1024 * 1024 })).toEqual([]);
    expect(validateFile({ name: 'a.pdf', size: 1024 * 1024 + 1 })).toEqual([FILE_MESSAGES.tooLarge]);
    expect(validateFile({ name: 'a.pdf', size: 0 })).toEqual([FILE_MESSAGES.empty]);
  });
});

describe('hostile file names on attach', () => {
  // [name sent, the name stored, or the messages of the 400 the route answers (the first is its message)]
  const rows: Array<[string, string | string[]]> = [
    ['../x";.html', [FILE_MESSAGES.type]],
    ['../../etc/passwd', [FILE_MESSAGES.type]],
    ['..\\..\\windows\\win.ini', [FILE_MESSAGES.type]],
    ['../x";.pdf', 'x.pdf'],
    ['<img src=x onerror=alert(1)>.pdf', 'img src=x onerror=alert(1).pdf'],
    ['report.pdf\r\nContent-Type: text/html', [FILE_MESSAGES.nameTooLong, FILE_MESSAGES.type]],
    ['a\u0000b.pdf', 'ab.pdf'],
    ['.htaccess.pdf', 'htaccess.pdf'],
  ];
  it.each(rows)('%j → %j', (name, outcome) => {
    const attach = () => parseAttachRequest({ file_key: 'k', file_name: name });
    if (Array.isArray(outcome)) {
      expect(attach).toThrow(InputError);
      expect(attach).toThrow(expect.objectContaining({ message: outcome[0], errors: { file_name: outcome } }));
      return;
    }
    expect(attach()).toEqual({ fileKey: 'k', fileName: outcome });
    // eslint-disable-next-line no-control-regex -- a NUL in a stored name is exactly what this asserts away
    expect(attach().fileName).not.toMatch(/[\\/"<>\r\n\u0000]/);
  });
});

describe('document requests', () => {
  it('takes only document questions of the form model', () => {
    expect(parseDocumentKey('resume')).toBe('resume');
    expect(parseDocumentKey('hs_transcript')).toBe('hs_transcript');
    for (const key of ['first_name', 'resume/../x', '', 42]) expect(() => parseDocumentKey(key)).toThrow(InputError);
  });

  it('refuses unknown fields, so a caller cannot propose a key', () => {
    expect(parsePresignRequest({ answer_key: 'resume' })).toEqual({ answerKey: 'resume' });
    expect(() => parsePresignRequest({ answer_key: 'resume', key: 'uploads/x' })).toThrow(InputError);
    expect(() => parseAttachRequest({ file_name: 'a.pdf' })).toThrow('file_key is required.');
    expect(parseAttachRequest({ file_key: 'k', file_name: 'dir/a.pdf' })).toEqual({ fileKey: 'k', fileName: 'a.pdf' });
  });
});
