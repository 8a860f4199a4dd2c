/**
 * Deterministic, fictional lookup records for the sample dataset and the benchmark: real
 * place names combined with common name patterns, so the data looks like a school list
 * without being anyone's licensed data. Same seed, same records.
 */
import type { LookupRecord } from '#domain/lookup/records';
import type { Category } from '#form/wire/lookup';

const PLACES: ReadonlyArray<readonly [city: string, state: string, zip: string, country?: string]> = [
  ['Springfield', 'IL', '62701'],
  ['Springfield', 'MA', '01103'],
  ['Portland', 'OR', '97201'],
  ['Portland', 'ME', '04101'],
  ['Columbus', 'OH', '43215'],
  ['Albany', 'NY', '12207'],
  ['Madison', 'WI', '53703'],
  ['Lancaster', 'PA', '17602'],
  ['Harrisburg', 'PA', '17101'],
  ['Pittsburgh', 'PA', '15213'],
  ['Philadelphia', 'PA', '19104'],
  ['Erie', 'PA', '16501'],
  ['Scranton', 'PA', '18503'],
  ['Allentown', 'PA', '18101'],
  ['State College', 'PA', '16801'],
  ['Baltimore', 'MD', '21201'],
  ['Richmond', 'VA', '23219'],
  ['Norfolk', 'VA', '23510'],
  ['Raleigh', 'NC', '27601'],
  ['Charlotte', 'NC', '28202'],
  ['Winston-Salem', 'NC', '27101'],
  ['Atlanta', 'GA', '30303'],
  ['Savannah', 'GA', '31401'],
  ['Tampa', 'FL', '33602'],
  ['Orlando', 'FL', '32801'],
  ['Miami', 'FL', '33130'],
  ['Nashville', 'TN', '37203'],
  ['Memphis', 'TN', '38103'],
  ['Louisville', 'KY', '40202'],
  ['Lexington', 'KY', '40507'],
  ['Cleveland', 'OH', '44113'],
  ['Toledo', 'OH', '43604'],
  ['Detroit', 'MI', '48226'],
  ['Ann Arbor', 'MI', '48104'],
  ['Grand Rapids', 'MI', '49503'],
  ['Indianapolis', 'IN', '46204'],
  ['Chicago', 'IL', '60601'],
  ['Peoria', 'IL', '61602'],
  ['Milwaukee', 'WI', '53202'],
  ['Minneapolis', 'MN', '55401'],
  ['Saint Paul', 'MN', '55102'],
  ['Des Moines', 'IA', '50309'],
  ['Omaha', 'NE', '68102'],
  ['Wichita', 'KS', '67202'],
  ['Tulsa', 'OK', '74103'],
  ['Dallas', 'TX', '75201'],
  ['Austin', 'TX', '78701'],
  ['San Antonio', 'TX', '78205'],
  ['El Paso', 'TX', '79901'],
  ['Albuquerque', 'NM', '87102'],
  ['Santa Fe', 'NM', '87501'],
  ['Phoenix', 'AZ', '85004'],
  ['Tucson', 'AZ', '85701'],
  ['Denver', 'CO', '80202'],
  ['Boulder', 'CO', '80302'],
  ['Salt Lake City', 'UT', '84101'],
  ['Boise', 'ID', '83702'],
  ['Seattle', 'WA', '98101'],
  ['Spokane', 'WA', '99201'],
  ['Sacramento', 'CA', '95814'],
  ['San José', 'CA', '95113'],
  ['Fresno', 'CA', '93721'],
  ['Los Angeles', 'CA', '90012'],
  ['San Diego', 'CA', '92101'],
  ['Honolulu', 'HI', '96813'],
  ['Anchorage', 'AK', '99501'],
  ['Burlington', 'VT', '05401'],
  ['Hartford', 'CT', '06103'],
  ['Providence', 'RI', '02903'],
  ['Boston', 'MA', '02108'],
  ['Worcester', 'MA', '01608'],
  ['Manchester', 'NH', '03101'],
  ['Newark', 'NJ', '07102'],
  ['Trenton', 'NJ', '08608'],
  ['Wilmington', 'DE', '19801'],
  ['Washington', 'DC', '20001'],
  ['New Orleans', 'LA', '70112'],
  ['Jackson', 'MS', '39201'],
  ['Birmingham', 'AL', '35203'],
  ['Little Rock', 'AR', '72201'],
  ['Charleston', 'SC', '29401'],
  ['Charleston', 'WV', '25301'],
  ['Fargo', 'ND', '58102'],
  ['Sioux Falls', 'SD', '57104'],
  ['Billings', 'MT', '59101'],
  ['Cheyenne', 'WY', '82001'],
  ['Reno', 'NV', '89501'],
  ['San Juan', 'PR', '00901'],
  ['Mayagüez', 'PR', '00680'],
  ['Toronto', 'ON', 'M5V 2T6', 'CAN'],
  ['Montréal', 'QC', 'H2X 1Y4', 'CAN'],
  ['Québec', 'QC', 'G1R 4P5', 'CAN'],
  ['Vancouver', 'BC', 'V6B 1A1', 'CAN'],
  ['Halifax', 'NS', 'B3J 1S9', 'CAN'],
  ['London', '', 'SW1A 1AA', 'GBR'],
  ['Dublin', '', 'D02 X285', 'IRL'],
  ['Ciudad de México', 'CDMX', '06000', 'MEX'],
];

const SURNAMES = [
  'Lincoln',
  'Washington',
  'Jefferson',
  'Franklin',
  'Roosevelt',
  'Kennedy',
  'Madison',
  'Monroe',
  'Hamilton',
  'Adams',
  'Jackson',
  'Grant',
  'Garfield',
  'McKinley',
  'Wilson',
  'Truman',
  'Douglass',
  'Tubman',
  'Carver',
  'Edison',
  'Whitman',
  'Emerson',
  'Thoreau',
  'Hawthorne',
  'Dickinson',
  'Frost',
  'Hughes',
  'Parks',
  'Chávez',
  'Sotomayor',
  'Clemente',
  'Marshall',
  'Earhart',
  'Armstrong',
  'Glenn',
  'Ride',
  'Curie',
  'Einstein',
  "O'Connor",
  'Muir',
  'Audubon',
  'Penn',
  'Cabrini',
  'Seton',
  'Neumann',
  'DuBois',
  'King',
  'Anthony',
  'Stanton',
  'Mott',
  'Addams',
  'Keller',
  'Bethune',
  'Revere',
  'Hale',
];
const SAINTS = ['Mary', 'Joseph', 'John', 'Francis', 'Patrick', 'Anne', 'Thomas', 'Agnes', 'Ignatius', 'Thérèse', 'Dominic', 'Clare'];
const FEATURES = [
  'Lakeview',
  'Riverside',
  'Oak Ridge',
  'Pine Valley',
  'Cedar Creek',
  'Maple Grove',
  'Hillcrest',
  'Northside',
  'Southside',
  'Eastwood',
  'Westfield',
  'Fairview',
  'Highland',
  'Brookside',
  'Mountain View',
  'Sunset Park',
  'Willow Bend',
  'Elmhurst',
  'Stonebridge',
  'Crystal Lake',
];
const STREETS = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Washington',
  'Lake',
  'Hill',
  'Park',
  'Church',
  'School',
  'Market',
  'Broad',
  'Chestnut',
  'Walnut',
  'Spruce',
  'Highland',
  'Ridge',
  'College',
  'University',
  'Mill',
  'Spring',
  'Forest',
  'Sunset',
];
const SUFFIXES = ['Street', 'Avenue', 'Road', 'Boulevard', 'Drive', 'Lane', 'Way', 'Court', 'Place', 'Pike'];

function rng(seed: number): () => number {
  // mulberry32: tiny, fast and good enough to vary fictional names reproducibly.
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lor', 'ven', 'mi', 'dra', 'sel', 'tor', 'bri', 'an', 'wes', 'ham', 'ley', 'cor', 'na', 'field', 'ton', 'ber', 'gal', 'ru', 'shaw'];

/** A made-up surname ("Venbrishaw"): real lists have tens of thousands of distinct words. */
function inventedName(random: () => number): string {
  const parts = 2 + Math.floor(random() * 2);
  let word = '';
  for (let i = 0; i < parts; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return word[0]!.toUpperCase() + word.slice(1);
}

function schoolName(category: Category, pick: <T>(list: readonly T[]) => T, city: string, invented?: () => string): string {
  if (invented && pick([true, false, false]))
    return `${invented()} ${pick(category === 'college_ceeb' ? ['College', 'University'] : ['High School', 'Academy', 'School'])}`;
  const hs = [
    () => `${pick(SURNAMES)} High School`,
    () => `${city} High School`,
    () => `${city} ${pick(['Central', 'North', 'South', 'East', 'West'])} High School`,
    () => `${pick(FEATURES)} High School`,
    () => `St. ${pick(SAINTS)}'s Academy`,
    () => `Saint ${pick(SAINTS)} Catholic High School`,
    () => `${pick(SURNAMES)} Preparatory School`,
    () => `${pick(FEATURES)} Charter School`,
    () => `${pick(SURNAMES)}-${pick(SURNAMES)} Senior High School`,
    () => `${city} School of Science & Technology`,
    () => `${pick(SURNAMES)} Magnet High School`,
  ];
  const college = [
    () => `${city} Community College`,
    () => `University of ${city}`,
    () => `${pick(SURNAMES)} College`,
    () => `${pick(FEATURES)} University`,
    () => `${city} Institute of Technology`,
    () => `St. ${pick(SAINTS)}'s College`,
    () => `${pick(SURNAMES)} State University`,
    () => `${pick(FEATURES)} College of Art & Design`,
  ];
  return pick(category === 'college_ceeb' ? college : hs)();
}

/**
 * `count` fictional records of a category; ids are unique within the result. `varied` mixes in
 * invented names so the vocabulary grows with the dataset, as it does in real lists (the
 * benchmark); the repository sample keeps to familiar names.
 */
export function generateLookupRecords(category: Category, count: number, seed = 6, options: { varied?: boolean } = {}): LookupRecord[] {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const records: LookupRecord[] = [];
  const names = new Set<string>();
  const idStart = category === 'hs_ceeb' ? 100000 : category === 'college_ceeb' ? 1000 : 1;
  for (let i = 0; records.length < count; i++) {
    const [city, state, zip, country = 'USA'] = pick(PLACES);
    const address_line_1 = `${1 + Math.floor(random() * 9899)} ${pick(STREETS)} ${pick(SUFFIXES)}`;
    const name = category === 'address' ? '' : schoolName(category, pick, city, options.varied ? () => inventedName(random) : undefined);
    // Real lists repeat names across cities, not within one: keep the sample believable.
    const key = `${name || address_line_1}|${city}|${state}`;
    if (names.has(key) && i < count * 20) continue;
    names.add(key);
    const n = idStart + records.length * (category === 'college_ceeb' ? 1 : 3);
    const id =
      category === 'hs_ceeb' ? String(n).padStart(6, '0') : category === 'college_ceeb' ? String(n).padStart(4, '0') : `addr-${String(n).padStart(6, '0')}`;
    const address_line_2 = category === 'address' && random() < 0.15 ? `Apt ${1 + Math.floor(random() * 40)}` : '';
    records.push({ id, name, address_line_1, address_line_2, city, state, zip, country });
  }
  return records;
}

/** Renders records in the import format of `category` (see lambdas/domain/lookup/dataset.ts). */
export function toImportCsv(category: Category, records: readonly LookupRecord[]): string {
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const columns =
    category === 'address'
      ? ['id', 'address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country']
      : ['ceeb', 'name', 'address_line_1', 'city', 'state', 'zip', 'country'];
  const lines = [columns.join(',')];
  for (const r of records) {
    const row: Record<string, string> = { ...r, ceeb: r.id };
    lines.push(columns.map((c) => quote(row[c] ?? '')).join(','));
  }
  return lines.join('\n') + '\n';
}
