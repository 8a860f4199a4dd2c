import type { Category } from '#form/wire/lookup';
import { MIN_TYPO_LENGTH, prefixWithinOneEdit, withinOneEdit } from './fuzzy';
import { aliasesOf, tokenize } from './normalise';
import { matchCost, MatchKind, NO_MATCH, Tier } from './ranking';
import { labelOf, toSuggestion, type LookupRecord, type Suggestion } from './records';

/** Words of a query beyond this are ignored: no label needs more to be found. */
export const MAX_QUERY_WORDS = 8;

/*
 * A candidate's rank is one number, compared with `<`, so picking the best five of thirty
 * thousand allocates nothing. From most to least significant:
 *   cost      sum of the query words' match costs (ranking.ts)
 *   phrase    0 when the label begins with the whole query ("lincoln hi" → "Lincoln High School")
 *   position  where in the label the first query word matched (earlier is better)
 *   static    the record's place in (label length, label, id) order, fixed at build time
 */
const STATIC_BITS = 2 ** 20;
const POSITION_SLOTS = 16;
const rankOf = (cost: number, phrase: number, position: number, staticRank: number) =>
  ((cost * 2 + phrase) * POSITION_SLOTS + Math.min(position, POSITION_SLOTS - 1)) * STATIC_BITS + staticRank;

/** Records one index can hold: the static rank must fit its bits. */
export const MAX_INDEX_SIZE = STATIC_BITS - 1;

/**
 * An in-memory inverted index over one category's dataset: a sorted vocabulary of normalised
 * words, each with the records whose label (Name tier) or place (Place tier) contains it.
 * A query word matches vocabulary words by prefix (binary search) and, when long enough, by
 * one typo (a linear scan of the vocabulary, a few thousand short strings); the records
 * behind them get that word's best cost, and only records every query word reached survive.
 */
export class SearchIndex {
  private readonly records: LookupRecord[] = [];
  /** Normalised labels and their words, for the phrase and position parts of the rank. */
  private readonly labels: string[] = [];
  private readonly words: string[][] = [];
  private readonly staticRank: Int32Array;
  private readonly byId = new Map<string, number>();
  private readonly vocabulary: string[];
  private readonly postings: [name: Int32Array, place: Int32Array][];
  // Scratch space reused by every search: search is synchronous, so no two overlap.
  private readonly wordCost: Uint8Array;
  private readonly matchedWords: Uint8Array;
  private readonly totalCost: Uint16Array;
  private readonly touched: Int32Array;
  private readonly firstTouched: Int32Array;

  constructor(
    readonly category: Category,
    records: readonly LookupRecord[],
  ) {
    if (records.length > MAX_INDEX_SIZE) throw new RangeError(`A lookup index holds at most ${MAX_INDEX_SIZE} records.`);
    const lists = new Map<string, [number[], number[]]>();
    const file = (word: string, tier: Tier, index: number) => {
      let pair = lists.get(word);
      if (!pair) lists.set(word, (pair = [[], []]));
      const list = pair[tier];
      if (list[list.length - 1] !== index) list.push(index);
    };
    for (const record of records) {
      if (this.byId.has(record.id)) continue;
      const index = this.records.length;
      const words = tokenize(labelOf(record, category));
      this.records.push(record);
      this.labels.push(words.join(' '));
      this.words.push(words);
      this.byId.set(record.id, index);
      for (const word of words) {
        file(word, Tier.Name, index);
        for (const alias of aliasesOf(word)) file(alias, Tier.Name, index);
      }
      for (const word of tokenize(`${record.city} ${record.state} ${record.zip}`)) file(word, Tier.Place, index);
    }
    this.vocabulary = [...lists.keys()].sort();
    this.postings = this.vocabulary.map((word) => {
      const [name, place] = lists.get(word)!;
      return [Int32Array.from(name), Int32Array.from(place)];
    });

    const n = this.records.length;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const la = this.labels[a]!;
      const lb = this.labels[b]!;
      const ia = this.records[a]!.id;
      const ib = this.records[b]!.id;
      return la.length - lb.length || (la < lb ? -1 : la > lb ? 1 : 0) || (ia < ib ? -1 : ia > ib ? 1 : 0);
    });
    this.staticRank = new Int32Array(n);
    order.forEach((record, rank) => (this.staticRank[record] = rank));

    this.wordCost = new Uint8Array(n).fill(NO_MATCH);
    this.matchedWords = new Uint8Array(n);
    this.totalCost = new Uint16Array(n);
    this.touched = new Int32Array(n);
    this.firstTouched = new Int32Array(n);
  }

  get size(): number {
    return this.records.length;
  }

  get vocabularySize(): number {
    return this.vocabulary.length;
  }

  get(id: string): LookupRecord | undefined {
    const index = this.byId.get(id);
    return index === undefined ? undefined : this.records[index];
  }

  search(text: string, maxResults: number): Suggestion[] {
    return this.searchRecords(text, maxResults).map((record) => toSuggestion(record, this.category));
  }

  searchRecords(text: string, maxResults: number): LookupRecord[] {
    const query = tokenize(text).slice(0, MAX_QUERY_WORDS);
    if (query.length === 0 || maxResults < 1 || this.records.length === 0) return [];
    const reached = this.scoreRecords(query);
    const best = this.topK(reached, query, maxResults);
    this.resetScores(reached);
    return best.map((index) => this.records[index]!);
  }

  /** Accumulates every query word's cost; returns how many records the first word reached. */
  private scoreRecords(query: string[]): number {
    const { wordCost, matchedWords, totalCost, touched } = this;
    let reached = 0;
    for (let position = 0; position < query.length; position++) {
      let count = 0;
      const stillTyping = position === query.length - 1;
      this.forEachMatchingWord(query[position]!, stillTyping, (vocabIndex, kind) => {
        const [name, place] = this.postings[vocabIndex]!;
        count = this.lower(name, matchCost(Tier.Name, kind), count);
        count = this.lower(place, matchCost(Tier.Place, kind), count);
      });
      for (let i = 0; i < count; i++) {
        const r = touched[i]!;
        if (matchedWords[r] === position) {
          totalCost[r] = totalCost[r]! + wordCost[r]!;
          matchedWords[r] = position + 1;
        }
        wordCost[r] = NO_MATCH;
      }
      if (position === 0) {
        this.firstTouched.set(touched.subarray(0, count));
        reached = count;
      }
    }
    return reached;
  }

  private resetScores(reached: number): void {
    for (let i = 0; i < reached; i++) {
      const r = this.firstTouched[i]!;
      this.matchedWords[r] = 0;
      this.totalCost[r] = 0;
    }
  }

  private lower(list: Int32Array, cost: number, count: number): number {
    const { wordCost, touched } = this;
    for (let i = 0; i < list.length; i++) {
      const r = list[i]!;
      const current = wordCost[r]!;
      if (cost < current) {
        if (current === NO_MATCH) touched[count++] = r;
        wordCost[r] = cost;
      }
    }
    return count;
  }

  /**
   * Vocabulary words a query word reaches, with how: the prefix range first, then typos. A
   * finished word (not the last) that exists as typed is taken as meant: skipping its typo
   * scan keeps long queries as fast as short ones.
   */
  private forEachMatchingWord(word: string, stillTyping: boolean, visit: (vocabIndex: number, kind: MatchKind) => void): void {
    const vocab = this.vocabulary;
    let lo = 0;
    let hi = vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (vocab[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    const start = lo;
    let end = lo;
    for (; end < vocab.length && vocab[end]!.startsWith(word); end++) {
      visit(end, vocab[end] === word ? MatchKind.Exact : MatchKind.Prefix);
    }
    if (!stillTyping && vocab[start] === word) return;
    // Numbers (street numbers, ZIP codes) are never "almost" right.
    if (word.length < MIN_TYPO_LENGTH || /^\d+$/.test(word)) return;
    for (let i = 0; i < vocab.length; i++) {
      if (i === start && end > start) {
        i = end - 1; // the prefix range, already visited
        continue;
      }
      const candidate = vocab[i]!;
      if (candidate.length < word.length - 1) continue;
      if (withinOneEdit(word, candidate)) visit(i, MatchKind.TypoExact);
      else if (prefixWithinOneEdit(word, candidate)) visit(i, MatchKind.TypoPrefix);
    }
  }

  /** The best k survivors, best first; string checks only for those that could still place. */
  private topK(reached: number, query: string[], k: number): number[] {
    const phrase = query.join(' ');
    const first = query[0]!;
    const { firstTouched, matchedWords, totalCost, staticRank, labels, words } = this;
    const bestIndex: number[] = [];
    const bestRank: number[] = [];
    let worst = Infinity;
    for (let i = 0; i < reached; i++) {
      const r = firstTouched[i]!;
      if (matchedWords[r] !== query.length) continue;
      const cost = totalCost[r]!;
      // The best this candidate could score is a phrase match at position 0.
      if (rankOf(cost, 0, 0, staticRank[r]!) >= worst) continue;
      const labelWords = words[r]!;
      let position = 0;
      while (position < labelWords.length && !labelWords[position]!.startsWith(first)) position++;
      const rank = rankOf(cost, labels[r]!.startsWith(phrase) ? 0 : 1, position, staticRank[r]!);
      if (rank >= worst) continue;
      let at = bestRank.length;
      while (at > 0 && rank < bestRank[at - 1]!) at--;
      bestRank.splice(at, 0, rank);
      bestIndex.splice(at, 0, r);
      if (bestRank.length > k) {
        bestRank.pop();
        bestIndex.pop();
      }
      if (bestRank.length === k) worst = bestRank[k - 1]!;
    }
    return bestIndex;
  }
}
