/**
 * Interview questions (scenarios/questions/<id>.<lang>.md, format in scenarios/README.md,
 * "Interview questions"): every file parses; English and Russian have the same questions, the same
 * option and claim conditions; every question the models answer runs headless — the scenario with
 * its overrides, and its B run — and then every claim holds, exactly one option of a choice holds
 * (that is the stated rule for "right"), a number's answer lies in the slider's range, and every
 * placeholder of either language resolves to a number. No number is written in a question's text
 * except through a placeholder, so every number the page shows comes from the run, the scenario or
 * kafka-defaults.json. Coverage: every question of the guide's list is a question here — answered
 * by a run, or listed with the model it needs.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { buildQuestions, formatQuestionProblem, parseQuestion, type Question, type QuestionFile, type QuestionProblem } from '../../src/content/question.ts';
import { conditionRefs, evalCondition, evalRef, evidence, fill, holdingOptions, mockSequence, placeholders, refName, refText, type EvalContext, type Ref } from '../../src/content/question-eval.ts';
import { LANGS, type Lang } from '../../src/content/lesson.ts';
import { modelFor } from '../../src/run/registry.ts';
import { proseLines, numbersInLine } from './prose-numbers/extract.ts';
import { lessonFix, loadScenario, runOf } from './prose-numbers/ledger.ts';
import { LEGACY_MOCK_POOL, MOCK_ORDER, MOCK_POOL, QUESTIONS as PAGE_QUESTIONS, mockIds, questionScenarios, resolveLink, RUNNABLE_IDS } from '../../src/app/interview/questions.ts';
import { SHIPPED } from '../../src/app/scenarios.ts';
import { scenarioShape } from '../../src/app/scenarios.ts';
import { MAX_MOCK } from '../../src/scenario/index.ts';

const DIR = 'scenarios/questions';
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.md'))
  .sort();
const texts: Record<string, string> = Object.fromEntries(FILES.map((f) => [`${DIR}/${f}`, readFileSync(`${DIR}/${f}`, 'utf8')]));
const parsed: Record<string, QuestionFile | QuestionProblem[]> = Object.fromEntries(Object.entries(texts).map(([f, t]) => [f, parseQuestion(t, f)]));
const BUILT = buildQuestions(parsed);
const QUESTIONS = BUILT.questions;
const RUNNABLE = QUESTIONS.filter((q) => q.run !== null);

/** The overrides of run B (null when the question has none). */
function bSets(q: Question): string[] | null {
  const vs = q.run!.vs;
  if (vs === null) return null;
  return [...q.run!.sets, ...(vs === 'fix' ? lessonFix(q.run!.scenario) : vs)];
}

/** The question's runs, headless (each scenario and override set is run once and cached). */
function contextOf(q: Question): EvalContext {
  const r = q.run!;
  const a = loadScenario(r.scenario, ...r.sets);
  const bs = bSets(q);
  return {
    a: { scenario: a, summary: runOf(r.scenario, ...r.sets).summary },
    b: bs === null ? null : { scenario: loadScenario(r.scenario, ...bs), summary: runOf(r.scenario, ...bs).summary },
    headline: modelFor(a).headline,
  };
}

/** Every text of a question in one language, with its name. */
function textsOf(q: Question, lang: Lang): [string, string][] {
  const t = q[lang];
  return [
    ['title', t.title],
    ['question', t.question],
    ['prompt', t.prompt],
    ...t.options.map((x, i): [string, string] => [`option ${i + 1}`, x]),
    ['reveal', t.reveal],
    ...t.claims.map((x, i): [string, string] => [`claim ${i + 1}`, x]),
    ['why', t.why],
    ...t.answer.map((x, i): [string, string] => [`answer ${i + 1}`, x]),
    ['needs', t.needs],
  ];
}

/** Names that contain a number word but are no quantity. */
const TERMS = /zero-copy/gi;

describe('question files', () => {
  it('parse without problems, both languages of every question', () => {
    expect(BUILT.problems.map(formatQuestionProblem)).toEqual([]);
    expect(FILES.length).toBe(QUESTIONS.length * LANGS.length);
  });

  it('cover every question of the guide, and at least three self-check items', () => {
    const guide = new Set(QUESTIONS.flatMap((q) => q.sources).filter((s) => s.startsWith('guide-')));
    expect([...guide].sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))).toEqual(Array.from({ length: 20 }, (_, i) => `guide-${i + 1}`));
    const answered = new Set(RUNNABLE.flatMap((q) => q.sources));
    // The questions today's models answer (the brief's list), each by at least one run.
    // The cluster model answers the replication, producer, transaction and controller questions (5, 7, 8, 17, 19) and, with its broker I/O model, "why is Kafka fast?" (16); the storage model compaction (12); the log model's schema registry 15 and headers 13 (an attempt count that dies with the process).
    for (let n = 1; n <= 20; n++) expect(answered, `guide-${n}`).toContain(`guide-${n}`);
    // No question waits for a model any more (the last, request-path, runs on the pipeline model); a question that
    // would still wait says which model rather than faking it — the parser test below and test/app/interview-pending.test.ts check that on a fixture.
    const waiting = QUESTIONS.filter((q) => q.needs !== null);
    expect(waiting.map((q) => q.id)).toEqual([]);
    expect(RUNNABLE.length).toBe(QUESTIONS.length);
    // Both sides of "Kafka or RabbitMQ?" run: the log (a Kafka scenario) and the queue (a queue scenario).
    const guide1 = RUNNABLE.filter((q) => q.sources.includes('guide-1')).map((q) => loadScenario(q.run!.scenario).model);
    expect([...new Set(guide1)].sort()).toEqual(['kafka', 'queue']);
    const selfCheck = new Set(RUNNABLE.flatMap((q) => q.sources).filter((s) => s.startsWith('self-check-')));
    expect(selfCheck.size).toBeGreaterThanOrEqual(3);
  });

  it('write no number except through a placeholder', () => {
    const problems: string[] = [];
    for (const [file, text] of Object.entries(texts)) {
      const lang = /\.([a-z]+)\.md$/.exec(file)![1] as Lang;
      for (const [n, line] of proseLines(text)) {
        // The front matter's data (scenario, sets, range…) is not prose; proseLines keeps only its title.
        const prose = line.replace(/\{[^{}]*\}/g, (m) => ' '.repeat(m.length)).replace(TERMS, (m) => ' '.repeat(m.length));
        for (const t of numbersInLine(prose, lang, n)) problems.push(`${file}:${n}: “${t.text}” — write it as a placeholder ({a.metric}, {scenario.path}, {default.config})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('Russian files use «…» quotes', () => {
    for (const [file, text] of Object.entries(texts)) if (file.endsWith('.ru.md')) expect(text, file).not.toMatch(/"[^"\n]*[А-Яа-яЁё][^"\n]*"/);
  });
});

/** A lag-age reference: the age of the oldest record not yet processed (a metric, or a group's in the summary). */
const isLagAge = (r: Ref): boolean => (r.kind === 'metric' ? r.id === 'lagAge' || r.id === 'lagAgeMax' : r.path.includes('lagSeconds'));

describe('a claim is about what it measures', () => {
  // "Under capacity it stays bounded" — "it" being the lag, in records — under a lag age, in seconds, was the reader's puzzle.
  it('one that reads only lag ages speaks of age or waiting, in both languages', () => {
    const bad: string[] = [];
    for (const q of RUNNABLE) {
      for (const [i, c] of q.run!.claims.entries()) {
        if (!conditionRefs(c).every(isLagAge)) continue;
        if (!/\bage\b|\bwait|\bold/i.test(q.en.claims[i])) bad.push(`${q.id}.en claim ${i + 1}: ${q.en.claims[i]}`);
        if (!/возраст|жд[её]т|ждут|ждал|стар/i.test(q.ru.claims[i])) bad.push(`${q.id}.ru claim ${i + 1}: ${q.ru.claims[i]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('every question the models answer holds in its headless run', () => {
  it('there are such questions', () => {
    expect(RUNNABLE.length).toBeGreaterThanOrEqual(15);
  });

  for (const q of RUNNABLE) {
    it(q.id, () => {
      const r = q.run!;
      const ctx = contextOf(q);
      const defs = ctx.headline.map((d) => d.id);
      if (r.vs !== null) expect(JSON.stringify(ctx.b!.scenario), `${q.id}: B must differ from A`).not.toBe(JSON.stringify(ctx.a!.scenario));

      // Every reference resolves, every claim holds.
      for (const [i, c] of r.claims.entries()) {
        const e = evalCondition(c, ctx);
        expect(e.holds, `${q.id}: claim ${i + 1} [${c.text}] — ${JSON.stringify(e.parts)}`).toBe(true);
      }
      if (r.predict.kind === 'choice') {
        for (const o of r.predict.options) expect(evalCondition(o, ctx).holds, `${q.id}: option [${o.text}] reads a missing number`).not.toBeNull();
        const holding = holdingOptions(r.predict.options, ctx);
        expect(holding.length, `${q.id}: exactly one option must hold; these do: ${holding.map((i) => r.predict.kind === 'choice' && r.predict.options[i].text).join(' | ')}`).toBe(1);
      } else {
        const p = r.predict;
        const measured = evalRef(p.answer, ctx);
        expect(measured, `${q.id}: ${refText(p.answer)}`).not.toBeNull();
        expect(measured!, `${q.id}: the answer must lie on the slider`).toBeGreaterThanOrEqual(p.min);
        expect(measured!, `${q.id}: the answer must lie on the slider`).toBeLessThanOrEqual(p.max);
        if (p.answer.kind !== 'metric') expect(p.unit, `${q.id}: a number that is not a headline metric needs unit:`).not.toBeNull();
        else expect(defs, `${q.id}: ${p.answer.id}`).toContain(p.answer.id);
      }
      for (const c of [...r.claims, ...(r.predict.kind === 'choice' ? r.predict.options : [])]) {
        for (const x of c.all) for (const ref of [x.left, ...(x.right.ref ? [x.right.ref] : [])]) if (ref.kind === 'metric') expect(defs, `${q.id}: ${refText(ref)}`).toContain(ref.id);
        // The reveal names every number it shows after a claim or option, with its unit: no bare path, no missing number.
        for (const lang of LANGS) {
          for (const ref of conditionRefs(c)) expect(refName(ref, ctx, lang), `${q.id}.${lang}: [${c.text}] ${refText(ref)} has no name (a headline metric, or PATH_NAMES in question-eval.ts)`).not.toBeNull();
          expect(evidence(c, ctx, lang, r.vs !== null), `${q.id}.${lang}: [${c.text}]`).not.toMatch(/summary\.|scenario\.|—/);
        }
      }

      // Every placeholder of either language resolves; the same ones are used in the reveal.
      for (const lang of LANGS) {
        for (const [field, text] of textsOf(q, lang)) {
          for (const p of placeholders(text)) expect(evalRef(p.ref, ctx), `${q.id}.${lang} ${field}: {${refText(p.ref)}}`).not.toBeNull();
          expect(fill(text, ctx, lang).some((x) => 'ref' in x && x.value === null), `${q.id}.${lang} ${field}`).toBe(false);
        }
      }
      const used = (lang: Lang) => [...new Set(placeholders(q[lang].reveal).map((p) => refText(p.ref)))].sort();
      expect(used('ru'), `${q.id}: the reveal shows the same numbers in both languages`).toEqual(used('en'));
    });
  }
});

describe('the page loads the same questions and runs the same scenarios', () => {
  it('its questions are the files’ (parsed at build time by the vite plugin)', () => {
    expect(JSON.parse(JSON.stringify(PAGE_QUESTIONS))).toEqual(JSON.parse(JSON.stringify(QUESTIONS)));
    expect(RUNNABLE_IDS).toEqual(RUNNABLE.map((q) => q.id));
  });

  it('each question’s runs in the page are the ones checked here', () => {
    for (const q of RUNNABLE) {
      const r = questionScenarios(q, SHIPPED);
      if (r === null || typeof r === 'string') throw new Error(`${q.id}: ${r}`);
      const ctx = contextOf(q);
      expect(scenarioShape(r.scenario), q.id).toBe(scenarioShape(ctx.a!.scenario));
      expect(r.scenario.seed).toBe((ctx.a!.scenario as { seed: number }).seed);
      if (q.run!.vs === 'fix') expect(r.vs).toBe('fix');
      else if (q.run!.vs === null) expect(r.vs).toBeNull();
      else expect(scenarioShape(r.vs), q.id).toBe(scenarioShape(ctx.b!.scenario));
    }
  });

  it('links open questions and mock interviews, or say why not', () => {
    expect(resolveLink('hot-key', null, SHIPPED)).toMatchObject({ ok: true, id: 'hot-key', mock: null });
    const rp = resolveLink('request-path', null, SHIPPED);
    expect(rp).toMatchObject({ ok: true, id: 'request-path', mock: null, run: { vs: 'fix' } });
    expect(rp.ok && rp.run?.scenario.id).toBe('request-path');
    expect(resolveLink('no-such-question', null, SHIPPED)).toEqual({ ok: false, error: 'q: there is no question "no-such-question"' });
    const mock = { seed: 7, n: 5, at: 2, pool: MOCK_POOL };
    expect(resolveLink(null, mock, SHIPPED)).toMatchObject({ ok: true, id: mockIds(mock)[2], mock });
    expect(resolveLink(null, { seed: 7, n: MAX_MOCK, at: 0, pool: MOCK_POOL + 1 }, SHIPPED)).toEqual({ ok: false, error: `mock: draws from ${MOCK_POOL + 1} questions, but this QueueLab has ${MOCK_POOL} (a link from a newer version?)` });
  });

  it('the mock order lists every question with a run once, and only grows: a shared mock interview keeps its questions', () => {
    expect([...MOCK_ORDER].sort()).toEqual([...RUNNABLE_IDS].sort());
    expect(new Set(MOCK_ORDER).size).toBe(MOCK_ORDER.length);
    // The order when links started to carry their pool: links without one (and every link since) draw from a prefix of it.
    const pinned = ['log-vs-queue', 'queue-broker', 'order-thread-pool', 'order-add-partitions', 'hot-key', 'idle-consumers', 'black-friday-lag', 'self-lag', 'commit-order', 'self-dedup', 'visibility-timeout', 'rolling-restart', 'slow-consumer', 'crash-detection', 'poison-partition', 'delayed-retry', 'queue-delay', 'self-dlq', 'retention-segments'];
    expect(MOCK_ORDER.slice(0, pinned.length)).toEqual(pinned);
    expect(LEGACY_MOCK_POOL).toBe(pinned.length);
    // So the same link draws the same questions with more questions added after the pool.
    expect(mockIds({ seed: 42, n: 5, pool: 10 })).toEqual(mockSequence(42, 5, pinned.slice(0, 10)));
    expect(mockIds({ seed: 42, n: 5, pool: null })).toEqual(mockSequence(42, 5, pinned));
  });
});

describe('the question parser', () => {
  const good = (lang: Lang, body = '') => `---
title: Does the order hold?
${lang === 'en' ? 'topic: ordering\nsource: [guide-2]\nscenario: thread-pool-reorder\nvs: fix\npredict: choice\n' : ''}---

## Question

A pool of {scenario.groups.0.processing.threads} threads.

## Predict

Will it reorder?

- [a.violations = 0] No.
- [a.violations > 0] Yes.

## Reveal

{a.violations} and {b.violations}.

## Claims

- [b.violations = 0] Keyed keeps order.

## Why

Because.

## Answer

- One.
- Two.
- Three.
${body}`;
  const problems = (text: string, name = 'scenarios/questions/q.en.md') => {
    const r = parseQuestion(text, name);
    return Array.isArray(r) ? r.map(formatQuestionProblem) : [];
  };

  it('accepts a well-formed question in both languages', () => {
    expect(problems(good('en'))).toEqual([]);
    expect(problems(good('ru'), 'scenarios/questions/q.ru.md')).toEqual([]);
    const b = buildQuestions({ 'q.en.md': parseQuestion(good('en'), 'q.en.md'), 'q.ru.md': parseQuestion(good('ru'), 'q.ru.md') });
    expect(b.problems).toEqual([]);
    expect(b.questions[0].run!.vs).toBe('fix');
    expect(b.questions[0].run!.predict.kind).toBe('choice');
  });

  it('reports each problem with its file, line and field', () => {
    expect(problems(good('en').replace('topic: ordering', 'topic: gossip'))).toEqual(['scenarios/questions/q.en.md:3: topic: must be one of basics, ordering, scaling, delivery, groups, errors, storage, internals (got "gossip")']);
    expect(problems(good('en').replace('predict: choice', 'predict: choice\ncolour: red'))).toEqual(['scenarios/questions/q.en.md:8: colour: unknown key (expected one of title, topic, source, needs, scenario, sets, vs, predict, answer, range, step, within, unit)']);
    expect(problems(good('en').replace('source: [guide-2]', 'source: [guide-21]'))[0]).toMatch(/source: "guide-21" is not guide-<1–20>/);
    expect(problems(good('en').replace('[a.violations = 0]', '[a.violations ~ 0]'))[0]).toMatch(/:18: ## Predict: "a.violations ~ 0" is not a comparison/);
    expect(problems(good('en').replace('- [a.violations > 0] Yes.\n', ''))[0]).toMatch(/## Predict: a choice has 2–4 options/);
    expect(problems(good('en').replace('## Claims', '## Claim'))).toContain('scenarios/questions/q.en.md:25: ## Claim: unknown section (expected "## Question", "## Predict", "## Reveal", "## Claims", "## Why", "## Answer", "## Needs")');
    expect(problems(good('en').replace('- Three.\n', ''))[0]).toMatch(/## Answer: has 3–6 bullets; found 2/);
    expect(problems(good('en').replace('Because.', 'Because {x'))[0]).toMatch(/## Why: a lone "\{"/);
  });

  it('keeps run numbers out of the text shown before the run, and fills Kafka defaults in', () => {
    expect(problems(good('en').replace('A pool of', 'After {a.violations}, a pool of'))[0]).toMatch(/## Question: \{a.violations\}: a run's numbers belong in "## Reveal"/);
    const q = parseQuestion(good('en').replace('Because.', 'After {default.consumer.session.timeout.ms} ms, {default.consumer.max.poll.interval.ms|min} min, {default.consumer.auto.offset.reset}.'), 'q.en.md') as QuestionFile;
    expect(q.text.why).toBe('After 45000 ms, 5 min, latest.');
    expect(problems(good('en').replace('Because.', '{default.consumer.no.such.ms}'))[0]).toMatch(/is not in src\/scenario\/kafka-defaults.json/);
  });

  it('keeps language-neutral fields in the English file, and the languages in step', () => {
    expect(problems(good('ru').replace('title: Does', 'topic: ordering\ntitle: Does'), 'q.ru.md')).toEqual(['q.ru.md:2: topic: is language-neutral: write it once, in the English file']);
    const ru = good('ru').replace('- [b.violations = 0]', '- [b.violations <= 1]');
    const b = buildQuestions({ 'q.en.md': parseQuestion(good('en'), 'q.en.md'), 'q.ru.md': parseQuestion(ru, 'q.ru.md') });
    expect(b.questions).toEqual([]);
    expect(b.problems.map(formatQuestionProblem)[0]).toMatch(/q.ru.md:\d+: ## Claims: the claims' conditions \[b.violations <= 1\] differ from \[b.violations = 0\]/);
    const missing = buildQuestions({ 'q.en.md': parseQuestion(good('en'), 'q.en.md') });
    expect(missing.problems.map(formatQuestionProblem)).toEqual(['scenarios/questions/q.ru.md:1: file: is missing: every question needs q.en.md and q.ru.md']);
  });

  it('a B reference needs a B run', () => {
    const en = good('en').replace('vs: fix\n', '');
    const b = buildQuestions({ 'q.en.md': parseQuestion(en, 'q.en.md'), 'q.ru.md': parseQuestion(good('ru'), 'q.ru.md') });
    expect(b.problems.map((p) => p.message)[0]).toMatch(/b.violations reads run B, but the question has none/);
  });

  it('checks a number prediction', () => {
    const num = good('en')
      .replace('predict: choice', 'predict: number\nanswer: a.violations\nrange: 0..500\nstep: 5\nwithin: 25%')
      .replace('- [a.violations = 0] No.\n- [a.violations > 0] Yes.\n', '');
    expect(problems(num)).toEqual([]);
    const q = parseQuestion(num, 'q.en.md') as QuestionFile;
    expect(q.number).toMatchObject({ min: 0, max: 500, step: 5, within: { rel: 0.25 } });
    expect(problems(num.replace('range: 0..500', 'range: 500..0'))[0]).toMatch(/range: must be min..max with min < max/);
    expect(problems(num.replace('within: 25%', 'within: 150%'))[0]).toMatch(/within: must be a share/);
    expect(problems(num.replace('step: 5', 'step: 0'))[0]).toMatch(/step: must be a number > 0/);
  });

  it('a question that needs a model has a question and its needs, no run', () => {
    const needs = (lang: Lang) => `---
title: What is the ISR?
${lang === 'en' ? 'topic: internals\nsource: [guide-8]\nneeds: replication\n' : ''}---

## Question

In-sync replicas.

## Needs

A replication model.
`;
    expect(problems(needs('en'))).toEqual([]);
    const b = buildQuestions({ 'i.en.md': parseQuestion(needs('en'), 'i.en.md'), 'i.ru.md': parseQuestion(needs('ru'), 'i.ru.md') });
    expect(b.problems).toEqual([]);
    expect(b.questions[0]).toMatchObject({ needs: 'replication', run: null });
    expect(problems(needs('en').replace('needs: replication', 'needs: replication\nscenario: mm1'))[0]).toMatch(/scenario: a question that needs a model has no run/);
    expect(problems(needs('en').replace('## Needs', '## Why'))).toContain('scenarios/questions/q.en.md:12: ## Why: a question that needs a model has only "## Question" and "## Needs"');
  });
});
