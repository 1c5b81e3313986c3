/**
 * The lesson parser (src/content/lesson.ts): the format of scenarios/lessons/<id>.<lang>.md, and
 * that every kind of mistake is reported with its file, line and field.
 */
import { describe, expect, it } from 'vitest';
import { LessonError, buildContent, formatLessonProblem, parseLesson, type LessonProblem } from '../../src/content/lesson.ts';

const EN_FRONT = ['title: A title', 'oneLine: One line.', 'difficulty: basic', 'tags: [queueing-theory, mm1]', 'fix: ["arrival.rate=0.7"]', 'fixHint: less load'];
/** The English front matter with the metrics its fix improves (buildContent needs them with a fix). */
const EN_COMPARE = [...EN_FRONT, 'compare: [W]'];
const BODY = ['', '## Story', '', 'First sentence.', 'Second sentence.', '', '## Watch', '', '- [chart-lag] one', '- [k-lag, k-lagS] two', '', '## Why', '', 'Because.', '', '## Fix', '', 'Less load.'];

function lesson(front: string[] = EN_FRONT, body: string[] = BODY): string {
  return ['---', ...front, '---', ...body, ''].join('\n');
}

/** The problems `parseLesson` reports; fails the test if it does not throw a LessonError. */
function problems(text: string, file = 'scenarios/lessons/demo.en.md'): LessonProblem[] {
  try {
    parseLesson(text, file);
  } catch (e) {
    expect(e).toBeInstanceOf(LessonError);
    expect((e as Error).message).toContain(file);
    return (e as LessonError).problems;
  }
  throw new Error('expected parseLesson to throw');
}

describe('parseLesson: a valid file', () => {
  it('parses the front matter and the four sections', () => {
    const l = parseLesson(lesson(), 'scenarios/lessons/demo.en.md');
    expect(l.id).toBe('demo');
    expect(l.lang).toBe('en');
    expect(l.difficulty).toBe('basic');
    expect(l.tags).toEqual(['queueing-theory', 'mm1']);
    expect(l.fix).toEqual(['arrival.rate=0.7']);
    expect(l.text).toStrictEqual({
      title: 'A title',
      oneLine: 'One line.',
      story: 'First sentence. Second sentence.',
      watch: [
        { text: 'one', targets: ['chart-lag'] },
        { text: 'two', targets: ['k-lag', 'k-lagS'] },
      ],
      why: 'Because.',
      fix: 'Less load.',
      fixHint: 'less load',
    });
    expect(l.lines.title).toBe(2);
    expect(l.lines['## Watch']).toBe(15);
  });

  it('joins the lines of a paragraph or bullet with one space, and paragraphs with a blank line', () => {
    const body = ['## Story', 'a', '  b  ', '', '', 'c', '## Watch', '- [t] x', '  y', '', '- [t]  z', '## Why', 'w', '## Fix', 'f'];
    const l = parseLesson(lesson(EN_FRONT, body), 'demo.en.md');
    expect(l.text.story).toBe('a b\n\nc');
    expect(l.text.watch.map((w) => w.text)).toEqual(['x y', 'z']);
  });

  it('accepts CRLF line ends, a BOM, blank and comment lines in the front matter, a colon in a value', () => {
    const front = ['# a comment', '', 'title: Key = country: a hot partition', ...EN_FRONT.slice(1)];
    const l = parseLesson('\uFEFF' + lesson(front).replace(/\n/g, '\r\n'), 'demo.en.md');
    expect(l.text.title).toBe('Key = country: a hot partition');
    expect(l.text.story).toBe('First sentence. Second sentence.');
    expect(l.text.fix).toBe('Less load.');
  });

  it('takes JSON arrays for values with quotes, commas or braces', () => {
    const front = [...EN_FRONT.slice(0, 4), 'fix: ["producers.0.keys={\\"kind\\":\\"uniform\\",\\"count\\":10}", "topic.partitions=8"]'];
    const l = parseLesson(lesson(front), 'demo.en.md');
    expect(l.fix).toEqual(['producers.0.keys={"kind":"uniform","count":10}', 'topic.partitions=8']);
  });

  it('a scenario without a fix: no overrides (or fix: []), no ## Fix section, fix = null', () => {
    const noFix = BODY.slice(0, BODY.indexOf('## Fix'));
    for (const front of [EN_FRONT.slice(0, 4), [...EN_FRONT.slice(0, 4), 'fix: []']]) {
      const l = parseLesson(lesson(front, noFix), 'demo.en.md');
      expect(l.text.fix).toBeNull();
      expect(l.text.fixHint).toBeNull();
    }
  });

  it('another language may leave out the language-neutral fields', () => {
    const l = parseLesson(lesson(['title: Заголовок', 'oneLine: Строка.', 'fixHint: меньше нагрузки']), 'demo.ru.md');
    expect(l.lang).toBe('ru');
    expect(l.difficulty).toBeUndefined();
    expect(l.tags).toBeUndefined();
    expect(l.fix).toBeUndefined();
    expect(l.text.title).toBe('Заголовок');
  });

  it('HTML and Markdown markup stay literal text', () => {
    const front = ['title: <b>bold</b> & <i>co</i>', ...EN_FRONT.slice(1)];
    const body = ['## Story', '<script>alert(1)</script> *not emphasis* [not](a link) `not code`', '## Watch', '- [chart] <img src=x onerror=alert(1)>', '## Why', '&lt;escaped&gt;', '## Fix', 'f'];
    const l = parseLesson(lesson(front, body), 'demo.en.md');
    expect(l.text.title).toBe('<b>bold</b> & <i>co</i>');
    expect(l.text.story).toBe('<script>alert(1)</script> *not emphasis* [not](a link) `not code`');
    expect(l.text.watch).toEqual([{ text: '<img src=x onerror=alert(1)>', targets: ['chart'] }]);
    expect(l.text.why).toBe('&lt;escaped&gt;');
  });
});

describe('parseLesson: mistakes are reported with file, line and field', () => {
  const file = 'scenarios/lessons/demo.en.md';

  it('an unknown front matter key', () => {
    const p = problems(lesson([...EN_FRONT, 'autor: me']));
    expect(p).toEqual([{ file, line: 8, field: 'autor', message: expect.stringContaining('unknown key') }]);
    expect(formatLessonProblem(p[0])).toMatch(/^scenarios\/lessons\/demo\.en\.md:8: autor: unknown key/);
  });

  it('a bad difficulty', () => {
    const front = EN_FRONT.map((l) => (l.startsWith('difficulty') ? 'difficulty: easy' : l));
    expect(problems(lesson(front))).toEqual([{ file, line: 4, field: 'difficulty', message: expect.stringContaining('basic, intermediate, advanced (got "easy")') }]);
  });

  it('a missing section', () => {
    const body = BODY.filter((l) => l !== '## Why' && l !== 'Because.');
    expect(problems(lesson(EN_FRONT, body))).toEqual([{ file, line: expect.any(Number), field: '## Why', message: 'section is missing' }]);
  });

  it('an unknown, misspelt or repeated section, and sections out of order', () => {
    expect(problems(lesson(EN_FRONT, [...BODY, '## Notes', 'x']))[0]).toMatchObject({ line: 27, field: '## Notes', message: expect.stringContaining('unknown section') });
    expect(problems(lesson(EN_FRONT, BODY.map((l) => (l === '## Why' ? '## why' : l)))).map((p) => p.field)).toEqual(['## why', '## Why']);
    expect(problems(lesson(EN_FRONT, BODY.map((l) => (l === '## Why' ? '### Why' : l))))[0]).toMatchObject({ line: 20, field: '### Why' });
    expect(problems(lesson(EN_FRONT, [...BODY, '## Story', 'again']))[0]).toMatchObject({ line: 27, field: '## Story', message: expect.stringContaining('twice') });
    const swapped = ['## Watch', '- [t] a', '## Story', 's', '## Why', 'w', '## Fix', 'f'];
    expect(problems(lesson(EN_FRONT, swapped))).toEqual([{ file, line: 11, field: '## Story', message: expect.stringContaining('must come after "## Watch"') }]);
  });

  it('a missing required key, in English and in every language', () => {
    expect(problems(lesson(EN_FRONT.filter((l) => !l.startsWith('tags'))))).toEqual([{ file, line: 7, field: 'tags', message: 'is required' }]);
    expect(problems(lesson(['oneLine: x']), 'demo.ru.md')).toEqual([{ file: 'demo.ru.md', line: 3, field: 'title', message: 'is required' }]);
  });

  it('bad values: empty text, a non-list, a bad tag, a bad override, a key set twice', () => {
    const bad = (line: string, field: string): void => {
      const p = problems(lesson([...EN_FRONT.filter((l) => !l.startsWith(`${field}:`)), line]));
      expect(p, line).toHaveLength(1);
      expect(p[0], line).toMatchObject({ line: 7, field });
    };
    bad('fixHint:', 'fixHint');
    bad('tags: queueing-theory', 'tags');
    bad('tags: [Queueing Theory]', 'tags');
    bad('tags: []', 'tags');
    bad('fix: [arrival.rate]', 'fix');
    bad('fix: ["arrival.rate=0.7", ]', 'fix');
    bad('fix: [producers.0.keys={"kind":"uniform"}]', 'fix');
    expect(problems(lesson([...EN_FRONT, 'title: again']))).toEqual([{ file, line: 8, field: 'title', message: 'set twice (first on line 2)' }]);
  });

  it('a fix section without overrides, overrides without a fix section, a fixHint without a fix', () => {
    const noFixBody = BODY.slice(0, BODY.indexOf('## Fix'));
    expect(problems(lesson(EN_FRONT.slice(0, 4))).map((p) => p.field)).toEqual(['## Fix']);
    expect(problems(lesson(EN_FRONT, noFixBody)).map((p) => p.field).sort()).toEqual(['## Fix', 'fixHint']);
    expect(problems(lesson([...EN_FRONT.slice(0, 4), 'fixHint: x'], noFixBody)).map((p) => p.field)).toEqual(['fixHint']);
  });

  it('text outside a section, a list in a paragraph, a non-bullet line in Watch, an empty section', () => {
    expect(problems(lesson(EN_FRONT, ['stray', ...BODY]))[0]).toMatchObject({ line: 9, field: 'text' });
    expect(problems(lesson(EN_FRONT, BODY.map((l) => (l === 'Because.' ? '- Because.' : l)))).map((p) => p.field)).toEqual(['## Why']);
    expect(problems(lesson(EN_FRONT, BODY.map((l) => (l === '- [k-lag, k-lagS] two' ? 'two' : l))))[0]).toMatchObject({ line: 18, field: '## Watch' });
    expect(problems(lesson(EN_FRONT, BODY.map((l) => (l === 'Because.' ? '' : l))))[0]).toMatchObject({ field: '## Why', message: 'is empty' });
  });

  it('a Watch bullet without targets, with an empty or bad target list, or with targets and no text', () => {
    const watch = (bullet: string): LessonProblem[] => problems(lesson(EN_FRONT, BODY.map((l) => (l === '- [chart-lag] one' ? bullet : l))));
    expect(watch('- one')).toEqual([{ file, line: 17, field: '## Watch', message: expect.stringContaining('starts with the on-screen targets') }]);
    expect(watch('- [] one')).toEqual([{ file, line: 17, field: '## Watch', message: expect.stringContaining('is empty') }]);
    expect(watch('- [chart lag] one')).toEqual([{ file, line: 17, field: '## Watch', message: expect.stringContaining('"chart lag" is not a target') }]);
    expect(watch('- [a, ,b] one')).toEqual([{ file, line: 17, field: '## Watch', message: expect.stringContaining('"" is not a target') }]);
    expect(watch('- [a, a] one')).toEqual([{ file, line: 17, field: '## Watch', message: 'lists a target twice' }]);
    expect(watch('- [chart-lag]')).toEqual([{ file, line: 17, field: '## Watch', message: 'the bullet has targets but no text' }]);
    // The list is only read at the start of a bullet: brackets later in the text are text.
    const l = parseLesson(lesson(EN_FRONT, BODY.map((x) => (x === '- [chart-lag] one' ? '- [chart-lag] one [two] three' : x))), 'demo.en.md');
    expect(l.text.watch[0]).toEqual({ text: 'one [two] three', targets: ['chart-lag'] });
  });

  it('no front matter, an unclosed one, a bad file name', () => {
    expect(problems('## Story\nx\n')[0]).toMatchObject({ line: 1, field: 'front matter' });
    expect(problems(['---', ...EN_FRONT, ...BODY].join('\n')).map((p) => p.field)).toContain('front matter');
    expect(problems(lesson(), 'demo.de.md')).toEqual([{ file: 'demo.de.md', line: 1, field: 'file name', message: expect.stringContaining('unknown language "de"') }]);
    expect(problems(lesson(), 'Demo.en.md')[0]).toMatchObject({ field: 'file name' });
    expect(problems(lesson(), 'demo.md')[0]).toMatchObject({ field: 'file name' });
  });

  it('reports every problem of a file at once', () => {
    const front = ['titel: x', 'oneLine: y', 'difficulty: hard', 'tags: [a]'];
    const p = problems(lesson(front, ['## Story', 's', '## Why', 'w']));
    expect(p.map((x) => x.field).sort()).toEqual(['## Watch', 'difficulty', 'title', 'titel'].sort());
  });
});

describe('buildContent: files of one scenario must agree', () => {
  const RU = lesson(['title: Заголовок', 'oneLine: Строка.', 'fixHint: меньше']);

  it('a lesson with a fix names the metrics it improves (compare:), and may name its costs', () => {
    const noCompare = buildContent({ 'demo.en.md': lesson(), 'demo.ru.md': RU });
    expect(noCompare.problems).toEqual([{ file: 'demo.en.md', line: 6, field: 'compare', message: expect.stringContaining('compare: [metric') }]);
    const ok = buildContent({ 'demo.en.md': lesson([...EN_FRONT, 'compare: [Wq, W]', 'costs: [throughput]']), 'demo.ru.md': RU });
    expect(ok.problems).toEqual([]);
    expect(ok.content.demo).toMatchObject({ compare: ['Wq', 'W'], costs: ['throughput'] });
    expect(problems(lesson([...EN_FRONT, 'compare: [W, W]'])).map((x) => x.message)).toEqual(['lists a metric twice']);
    expect(problems(lesson([...EN_FRONT, 'compare: [W]', 'costs: [W]'])).map((x) => x.field)).toEqual(['costs']);
    expect(problems(lesson([...EN_FRONT, 'compare: [p-99]'])).map((x) => x.field)).toEqual(['compare']);
    expect(problems(lesson([...EN_FRONT.slice(0, 4), 'compare: [W]'], BODY.slice(0, BODY.indexOf('## Fix')))).map((x) => x.field)).toEqual(['compare']);
    const ruDiffers = buildContent({ 'demo.en.md': lesson([...EN_FRONT, 'compare: [W]']), 'demo.ru.md': lesson(['title: Заголовок', 'oneLine: Строка.', 'fixHint: меньше', 'compare: [Wq]']) });
    expect(ruDiffers.problems).toEqual([{ file: 'demo.ru.md', line: 5, field: 'compare', message: expect.stringContaining('differs from') }]);
  });

  it('assembles en + ru into one ScenarioContent', () => {
    const { content, problems: p } = buildContent({ 'l/demo.en.md': lesson(EN_COMPARE), 'l/demo.ru.md': RU });
    expect(p).toEqual([]);
    expect(content.demo).toMatchObject({ id: 'demo', difficulty: 'basic', tags: ['queueing-theory', 'mm1'], fix: ['arrival.rate=0.7'] });
    expect(content.demo.ru.title).toBe('Заголовок');
    expect(content.demo.en.title).toBe('A title');
  });

  it('a missing language leaves the scenario out and names the missing file', () => {
    const { content, problems: p } = buildContent({ 'l/demo.en.md': lesson(EN_COMPARE) });
    expect(content).toEqual({});
    expect(p).toEqual([{ file: 'l/demo.ru.md', line: 1, field: 'file', message: expect.stringContaining('is missing') }]);
  });

  it('language-neutral fields that disagree are reported on the other language’s line', () => {
    const ru = (extra: string): string => lesson(['title: Заголовок', 'oneLine: Строка.', extra, 'fixHint: меньше']);
    for (const [extra, field] of [
      ['difficulty: advanced', 'difficulty'],
      ['tags: [queueing-theory]', 'tags'],
      ['fix: ["arrival.rate=0.5"]', 'fix'],
    ] as const) {
      const { content, problems: p } = buildContent({ 'demo.en.md': lesson(EN_COMPARE), 'demo.ru.md': ru(extra) });
      expect(content, extra).toEqual({});
      expect(p, extra).toEqual([{ file: 'demo.ru.md', line: 4, field, message: expect.stringContaining('differs from') }]);
    }
    const same = buildContent({ 'demo.en.md': lesson(EN_COMPARE), 'demo.ru.md': ru('tags: [queueing-theory, mm1]') });
    expect(same.problems).toEqual([]);
  });

  it('every language points its Watch bullets at the same targets', () => {
    const ruBody = (a: string, b: string) => lesson(['title: Заголовок', 'oneLine: Строка.', 'fixHint: меньше'], BODY.map((l) => (l === '- [chart-lag] one' ? a : l === '- [k-lag, k-lagS] two' ? b : l)));
    expect(buildContent({ 'demo.en.md': lesson(EN_COMPARE), 'demo.ru.md': ruBody('- [chart-lag] один', '- [k-lag, k-lagS] два') }).problems).toEqual([]);
    for (const [a, b] of [
      ['- [chart-lag] один', '- [k-lagS, k-lag] два'],
      ['- [chart-lag, k-lag] один', '- [k-lag, k-lagS] два'],
      ['- [chart-lag] один', ''],
    ]) {
      const { content, problems: p } = buildContent({ 'demo.en.md': lesson(EN_COMPARE), 'demo.ru.md': ruBody(a, b) });
      expect(content, `${a} / ${b}`).toEqual({});
      expect(p, `${a} / ${b}`).toEqual([{ file: 'demo.ru.md', line: 12, field: '## Watch', message: expect.stringContaining('targets') }]);
    }
  });

  it('a fix section must exist in every language exactly when English has overrides', () => {
    const ruNoFix = lesson(['title: Заголовок', 'oneLine: Строка.'], BODY.slice(0, BODY.indexOf('## Fix')));
    expect(buildContent({ 'demo.en.md': lesson(EN_COMPARE), 'demo.ru.md': ruNoFix }).problems).toEqual([
      { file: 'demo.ru.md', line: 1, field: 'fix', message: expect.stringContaining('needs a "## Fix" section') },
    ]);
    const enNoFix = lesson(EN_FRONT.slice(0, 4), BODY.slice(0, BODY.indexOf('## Fix')));
    const ruWithFix = lesson(['title: Заголовок', 'oneLine: Строка.']);
    expect(buildContent({ 'demo.en.md': enNoFix, 'demo.ru.md': ruWithFix }).problems).toEqual([
      { file: 'demo.ru.md', line: 20, field: '## Fix', message: expect.stringContaining('must have no "## Fix" section') },
    ]);
  });

  it('a broken file leaves its scenario out but not the others', () => {
    const { content, problems: p } = buildContent({
      'a.en.md': lesson(EN_COMPARE),
      'a.ru.md': RU,
      'b.en.md': lesson([...EN_FRONT, 'oops: 1']),
      'b.ru.md': RU,
    });
    expect(Object.keys(content)).toEqual(['a']);
    expect(p.map(formatLessonProblem)).toEqual(['b.en.md:8: oops: unknown key (expected one of title, oneLine, difficulty, tags, fix, fixHint, compare, costs, vs, sweep)']);
  });
});
