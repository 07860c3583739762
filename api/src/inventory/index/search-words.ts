/**
 * An inverted word index for the inventory search: word → the units whose search text has it (ascending). A
 * search matches a unit when every term is a substring of one of its words (what LIKE '%word%' matched).
 */
export class SearchWords {
  private readonly words: Map<string, Int32Array>;
  private readonly vocabulary: string[];

  constructor(
    searchTexts: readonly string[],
    private readonly size = searchTexts.length,
  ) {
    const postings = new Map<string, number[]>();
    searchTexts.forEach((text, i) => {
      for (const word of new Set(text.split(/\s+/))) {
        if (!word) continue;
        const list = postings.get(word);
        if (list) list.push(i);
        else postings.set(word, [i]);
      }
    });
    this.words = new Map([...postings].map(([word, list]) => [word, Int32Array.from(list)]));
    this.vocabulary = [...this.words.keys()];
  }

  /** 1 for each unit matching every term of the search; null when the search has no terms (anything goes). */
  matches(search: string): Uint8Array | null {
    const terms = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    if (terms.length === 0) return null;
    let matches: Uint8Array | null = null;
    for (const term of terms) {
      const hits = new Uint8Array(this.size);
      for (const word of this.vocabulary) {
        if (!word.includes(term)) continue;
        for (const i of this.words.get(word) ?? []) hits[i] = 1;
      }
      if (matches) {
        const previous: Uint8Array = matches;
        for (let i = 0; i < hits.length; i++) previous[i] = (previous[i] ?? 0) & (hits[i] ?? 0);
      } else {
        matches = hits;
      }
    }
    return matches;
  }
}
