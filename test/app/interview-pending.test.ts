/**
 * A question that waits for a model not built yet, in the page: no shipped question waits any more
 * (the last, request-path, runs on the pipeline model), so a fixture stands in for one. It parses,
 * builds with no run, and interview mode — its list and its question column, rendered on the server
 * — shows it as pending with the model it needs, in both languages, and offers no prediction.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'svelte/server';
import { buildQuestions, parseQuestion, type Question } from '../../src/content/question.ts';
import type { Playground } from '../../src/app/shell/playground.svelte.ts';

const fixture = (lang: 'en' | 'ru') => `---
title: ${lang === 'en' ? 'How would a broker of the future answer this?' : 'Как ответил бы брокер будущего?'}
${lang === 'en' ? 'topic: internals\nsource: [self-check-fixture]\nneeds: controller\n' : ''}---

## Question

${lang === 'en' ? 'A question no model answers yet.' : 'Вопрос, на который ещё не отвечает ни одна модель.'}

## Needs

${lang === 'en' ? 'A model of the controller.' : 'Модель контроллера.'}
`;

const built = buildQuestions({ 'scenarios/questions/pending-fixture.en.md': parseQuestion(fixture('en'), 'pending-fixture.en.md'), 'scenarios/questions/pending-fixture.ru.md': parseQuestion(fixture('ru'), 'pending-fixture.ru.md') });
const PENDING: Question = built.questions[0];

vi.mock('../../src/app/interview/questions.ts', async (original) => {
  const m = await original<typeof import('../../src/app/interview/questions.ts')>();
  const all = [...m.QUESTIONS, PENDING];
  return { ...m, QUESTIONS: all, questionById: (id: string) => all.find((q) => q.id === id) };
});

const { default: Interview } = await import('../../src/app/interview/Interview.svelte');
const { default: QuestionList } = await import('../../src/app/interview/QuestionList.svelte');
const { interviewOf } = await import('../../src/app/interview/state.svelte.ts');

function app(lang: 'en' | 'ru'): Playground {
  return { lang, question: { id: PENDING.id, mock: null }, scenario: null, compare: null, panels: null, snapshot: null, snapshotB: null, status: 'idle', error: null } as unknown as Playground;
}

describe('a question that needs a model (a fixture: no shipped question waits)', () => {
  it('parses and builds with no run, only its question and needs', () => {
    expect(built.problems).toEqual([]);
    expect(PENDING).toMatchObject({ id: 'pending-fixture', needs: 'controller', run: null });
    expect(PENDING.en.needs).toBe('A model of the controller.');
  });

  for (const lang of ['en', 'ru'] as const) {
    it(`${lang}: the list marks it as waiting for its model; the question column says which model and asks for no prediction`, () => {
      const a = app(lang);
      const list = render(QuestionList, { props: { app: a, onclose: () => {} } }).body;
      const item = list.slice(list.indexOf('data-testid="iv-q-pending-fixture"'));
      expect(item).toMatch(/^data-testid="iv-q-pending-fixture" data-state="needs"/);
      expect(item.slice(0, 600)).toContain(lang === 'en' ? 'needs a model not built yet: the cluster controller (KRaft)' : 'нужна модель, которой ещё нет: контроллер кластера (KRaft)');

      interviewOf(a).id = PENDING.id;
      const column = render(Interview, { props: { app: a } }).body;
      expect(column).toContain('data-testid="q-needs"');
      expect(column).toContain(lang === 'en' ? 'Needs a model not built yet: the cluster controller (KRaft)' : 'Нужна модель, которой ещё нет: контроллер кластера (KRaft)');
      expect(column).toContain(PENDING[lang].question);
      expect(column).not.toContain('data-testid="q-commit"');
      expect(column).not.toContain('data-testid="q-option-0"');
    });
  }
});
