/**
 * Every tag of a shipped lesson is shown in Russian on the Russian page, or is on the short list
 * of tags that stay as written (products, configuration keys, models): a new tag needs a decision.
 */
import { describe, expect, it } from 'vitest';
import { SCENARIO_CONTENT } from './lessons.ts';
import { TAG_AS_IS, TAG_RU, tagLabel } from '../../src/content/tags.ts';

const used = new Set(Object.values(SCENARIO_CONTENT).flatMap((c) => c.tags));

describe('lesson tags in Russian', () => {
  it('every shipped tag has a Russian label or is kept as written, not both', () => {
    expect(used.size).toBeGreaterThan(100);
    for (const tag of used) expect(Object.hasOwn(TAG_RU, tag) !== TAG_AS_IS.includes(tag), tag).toBe(true);
  });

  it('every entry is a tag some lesson uses (no stale words), and each label is Russian', () => {
    for (const tag of [...Object.keys(TAG_RU), ...TAG_AS_IS]) expect(used.has(tag), tag).toBe(true);
    for (const [tag, label] of Object.entries(TAG_RU)) expect(label, tag).toMatch(/[а-яё]/i);
  });

  it('English shows the tag as written; Russian its label, or the tag when it is kept', () => {
    expect(tagLabel('consumer-group', 'en')).toBe('consumer-group');
    expect(tagLabel('consumer-group', 'ru')).toBe('группа консьюмеров');
    expect(tagLabel('kafka', 'ru')).toBe('kafka');
  });
});
