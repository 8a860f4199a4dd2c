import { parseCsv, CsvSyntaxError } from './csv';
import { parseDataset } from './dataset';

const HEADER = 'ceeb,name,address_line_1,city,state,zip,country';

describe('CSV reading', () => {
  it('handles quotes, embedded commas, doubled quotes, CRLF and a BOM', () => {
    const rows = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
    ]);
  });

  it('numbers rows by the line they start on, across multi-line fields and blank lines', () => {
    const rows = parseCsv('h\n"two\nlines"\n\nlast');
    expect(rows.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it('reports an unclosed quote at the line it opened', () => {
    expect(() => parseCsv('h\nok\n"never closed\nmore')).toThrow(CsvSyntaxError);
    try {
      parseCsv('h\nok\n"never closed\nmore');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(3);
    }
  });
});

describe('lookup dataset validation', () => {
  it('reads a good file into records, normalising codes and spacing', () => {
    const csv = `${HEADER}\n391234,  Cedar   Creek High School ,1 Main St,Erie,pa,16501,usa\n391235,Maple Academy,,Toronto,on,m5v2t6,CAN\n`;
    const result = parseDataset(csv, 'hs_ceeb');
    expect(result.errors).toEqual([]);
    expect(result.records).toEqual([
      {
        id: '391234',
        name: 'Cedar Creek High School',
        address_line_1: '1 Main St',
        address_line_2: '',
        city: 'Erie',
        state: 'PA',
        zip: '16501',
        country: 'USA',
      },
      { id: '391235', name: 'Maple Academy', address_line_1: '', address_line_2: '', city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CAN' },
    ]);
  });

  it('reports every bad row with its line number and keeps no records', () => {
    const csv = [
      HEADER,
      '391234,Good School,,Erie,PA,16501,USA',
      '12,Short Code,,Erie,PA,16501,USA',
      '391236,,,Erie,PA,16501,USA',
      '391237,No State,,Erie,,16501,USA',
      '391238,Bad Zip,,Erie,PA,1650,USA',
      '391239,Bad Country,,Erie,PA,16501,XX',
      '391234,Duplicate,,Erie,PA,16501,USA',
      '391240,Too,Few',
    ].join('\n');
    const result = parseDataset(csv, 'hs_ceeb');
    expect(result.records).toEqual([]);
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(result.errors[0]!.message).toMatch(/ceeb "12" must be a 6-digit CEEB code/);
    expect(result.errors[1]!.message).toMatch(/name is empty/);
    expect(result.errors[2]!.message).toMatch(/state is empty \(required for USA\)/);
    expect(result.errors[3]!.message).toMatch(/not a US ZIP code/);
    expect(result.errors[4]!.message).toMatch(/country "XX" is not an ISO 3166-1 three-letter code/);
    expect(result.errors[5]!.message).toBe('duplicate id 391234 (first on line 2)');
    expect(result.errors[6]!.message).toBe('expected 7 fields, found 3');
  });

  it('names missing columns and what the category expects', () => {
    const result = parseDataset('ceeb,name,country\n391234,X,USA\n', 'hs_ceeb');
    expect(result.errors).toEqual([
      { line: 1, message: expect.stringMatching(/missing column\(s\) city; hs_ceeb files have columns ceeb, name, city, country/) },
    ]);
  });

  it('ignores unknown columns with a warning, in any column order', () => {
    const result = parseDataset('country,notes,city,name,ceeb,state\nUSA,hello,Erie,X,391234,PA\n', 'hs_ceeb');
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual(['ignored column(s): notes']);
    expect(result.records[0]).toMatchObject({ id: '391234', name: 'X', city: 'Erie' });
  });

  it('refuses an empty file and a header without rows', () => {
    expect(parseDataset('', 'hs_ceeb').errors[0]!.message).toBe('the file is empty');
    expect(parseDataset(`${HEADER}\n`, 'hs_ceeb').errors[0]!.message).toBe('the file has a header but no rows');
  });

  it('reports broken quoting as an error, not a crash', () => {
    expect(parseDataset(`${HEADER}\n391234,"Open,,Erie,PA,16501,USA\n`, 'hs_ceeb').errors).toEqual([{ line: 2, message: 'a quoted field is never closed' }]);
  });

  it('accepts college codes of four to six digits and address ids', () => {
    expect(parseDataset('ceeb,name,city,state,country\n2345,Cedar College,Erie,PA,USA\n', 'college_ceeb').errors).toEqual([]);
    const address = parseDataset('id,address_line_1,address_line_2,city,state,zip,country\na-1,12 Main St,Apt 2,Erie,PA,16501,USA\n', 'address');
    expect(address.records).toEqual([
      { id: 'a-1', name: '', address_line_1: '12 Main St', address_line_2: 'Apt 2', city: 'Erie', state: 'PA', zip: '16501', country: 'USA' },
    ]);
  });
});
