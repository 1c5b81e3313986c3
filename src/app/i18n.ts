/**
 * The page's own strings — header, controls, notices, lesson, W vs ρ — in English and Russian (the
 * Russian table must have exactly the English keys; the type checker enforces it). A model's panels
 * keep their strings next to them (`panels/<kind>/text.ts`) and translate them with
 * {@link makeTranslate}. `{name}` placeholders are filled from `vars`.
 */

export type Lang = 'en' | 'ru';
export const LANGS: readonly Lang[] = ['en', 'ru'];

export type Vars = Record<string, string | number>;

/** A translator over one dictionary: the message `key` in `lang` with `{name}` placeholders filled. */
export function makeTranslate<K extends string>(tables: Record<Lang, Record<K, string>>): (lang: Lang, key: K, vars?: Vars) => string {
  return (lang, key, vars) => {
    const text = tables[lang][key] ?? tables.en[key];
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

const en = {
  'app.tagline': 'queues and brokers, simulated one event at a time',
  'picker.label': 'Scenario',
  'picker.custom': 'Custom {kind} (blank start)',
  'picker.fromLink': '{title} (from link)',
  'difficulty': 'Difficulty: {value}',
  'copy': 'Copy link',
  'copied': 'Link copied',
  'copyFailed': 'Copy failed: use the address bar',
  'copyHint': 'Copy a link that reproduces this run exactly: scenario, seed and every fault you injected',
  'settings': 'Settings',
  'settingsHint': 'Change the scenario’s settings: every field with its unit and allowed range',

  'controls.label': 'Run controls',
  'controls.play': 'Play',
  'controls.pause': 'Pause',
  'controls.again': 'Run again',
  'controls.step': 'Step',
  'controls.next': 'Next log line',
  'controls.reset': 'Reset',
  'controls.playHint': 'Start or pause the simulation (Space)',
  'controls.stepHint': 'Pause and run exactly one event (→)',
  'controls.nextHint': 'Run until the next event-log line: a rebalance, a crash, an offset reset… (Shift+→)',
  'controls.resetHint': 'Back to time 0 with the same seed; live faults are cleared (R)',
  'controls.speed': 'Speed',
  'controls.speedUnit': 'sim-s / s',
  'controls.speedHint': 'Simulated seconds per wall-clock second',
  'controls.speedMax': 'as fast as possible',
  'controls.seed': 'Seed',
  'controls.seedHint': 'Same scenario and seed ⇒ the same numbers, here and in the CLI',
  'controls.keys': 'Keyboard shortcuts',
  'controls.keyPlay': 'play/pause',
  'controls.keyStep': 'step',
  'controls.keyNext': 'next line',
  'controls.keyReset': 'reset',
  'controls.time': 't = {now} of {duration} s',
  'step.event': 't = {t} s · {text}',
  'step.quiet': 'No log line in the next {span} s: paused at t = {t} s ({events} events).',
  'step.end': 'The run reached its end (t = {t} s).',
  'status.idle': 'Ready',
  'status.running': 'Running',
  'status.paused': 'Paused',
  'status.finished': 'Finished',
  'status.error': 'Error',

  'wrho.title': 'Latency vs utilisation',
  'wrho.sweep': 'Sweep ρ',
  'wrho.sweepHint': 'Runs this setup at {n} utilisations ({seconds} simulated s each, steady Poisson input, no faults) in background workers',
  'wrho.cancel': 'Cancel sweep ({done}/{n})',
  'wrho.run': 'this run',
  'wrho.points': 'sweep (±95 %)',
  'wrho.x': 'ρ = λ / capacity',
  'wrho.y': 'W, s',
  'wrho.overloaded': ' (overloaded)',
  'wrho.none': 'No theory curve for this setup (no closed form applies, or the service time has no mean).',
  'wrho.caption': 'Waiting explodes as ρ → 1: one server 90 % busy keeps a job 10× its service time. ◆ is this run; bursts, skew or faults lift it above the curve.',
  'wrho.point': 'ρ = {rho}, W = {w} s',

  'tab.lesson': 'Lesson',
  'tab.wrho': 'W vs ρ',
  'explain.story': 'Story',
  'explain.watch': 'What to watch',
  'explain.why': 'Why it happens',
  'explain.fix': 'The fix',
  'explain.tryFix': 'Try the fix',
  'explain.tryFixHint': 'Load this scenario with the fix applied: {sets}',
  'explain.noContent': 'A longer explanation for this scenario is not written yet; here is its description.',

  'linkError.title': 'This link could not be opened',
  'linkError.fallback': 'Opened the nearest valid state instead: {title}.',
  'linkError.dismiss': 'Dismiss',
  'error.title': 'The simulation stopped with an error',
  'error.reset': 'Reset the run',
  'error.default': 'Open the first scenario',
  'error.reload': 'Reload the page',
  'header.language': 'Language',
  'controls.events': '{n} events',
  'panels.loading': 'Loading the panels…',
  'panels.error': 'The panels of this model could not be loaded: {error}',
  'panels.reload': 'Reload',
  'lesson.description': 'Scenario description',
};

export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  'app.tagline': 'очереди и брокеры, событие за событием',
  'picker.label': 'Сценарий',
  'picker.custom': 'Свой сценарий: {kind} (с чистого листа)',
  'picker.fromLink': '{title} (из ссылки)',
  'difficulty': 'Сложность: {value}',
  'copy': 'Копировать ссылку',
  'copied': 'Ссылка скопирована',
  'copyFailed': 'Не скопировалось: возьмите из адресной строки',
  'copyHint': 'Ссылка, которая точно воспроизводит этот прогон: сценарий, зерно и все внесённые сбои',
  'settings': 'Настройки',
  'settingsHint': 'Изменить настройки сценария: каждое поле с единицами и допустимым диапазоном',

  'controls.label': 'Управление прогоном',
  'controls.play': 'Пуск',
  'controls.pause': 'Пауза',
  'controls.again': 'Ещё раз',
  'controls.step': 'Шаг',
  'controls.next': 'До строки лога',
  'controls.reset': 'Сброс',
  'controls.playHint': 'Запустить или приостановить моделирование (пробел)',
  'controls.stepHint': 'Пауза и ровно одно событие (→)',
  'controls.nextHint': 'Выполнять до следующей строки журнала: ребаланс, падение, сброс смещения… (Shift+→)',
  'controls.resetHint': 'К моменту 0 с тем же зерном; внесённые сбои сбрасываются (R)',
  'controls.speed': 'Скорость',
  'controls.speedUnit': 'мод. с / с',
  'controls.speedHint': 'Модельных секунд за секунду реального времени',
  'controls.speedMax': 'как можно быстрее',
  'controls.seed': 'Зерно',
  'controls.seedHint': 'Тот же сценарий и зерно (seed) ⇒ те же числа, здесь и в CLI',
  'controls.keys': 'Клавиши',
  'controls.keyPlay': 'пуск/пауза',
  'controls.keyStep': 'шаг',
  'controls.keyNext': 'до строки',
  'controls.keyReset': 'сброс',
  'controls.time': 't = {now} из {duration} с',
  'step.event': 't = {t} с · {text}',
  'step.quiet': 'Строки лога нет в ближайшие {span} с: пауза на t = {t} с ({events} событий).',
  'step.end': 'Прогон дошёл до конца (t = {t} с).',
  'status.idle': 'Готово',
  'status.running': 'Идёт',
  'status.paused': 'Пауза',
  'status.finished': 'Завершено',
  'status.error': 'Ошибка',

  'wrho.title': 'Задержка и загрузка',
  'wrho.sweep': 'Прогнать по ρ',
  'wrho.sweepHint': 'Прогоняет эту конфигурацию при {n} значениях загрузки (по {seconds} модельных с, ровный пуассоновский поток, без сбоев) в фоновых воркерах',
  'wrho.cancel': 'Отменить ({done}/{n})',
  'wrho.run': 'этот прогон',
  'wrho.points': 'прогон по ρ (±95 %)',
  'wrho.x': 'ρ = λ / пропускная способность',
  'wrho.y': 'W, с',
  'wrho.overloaded': ' (перегрузка)',
  'wrho.none': 'Для этой конфигурации нет теоретической кривой (нет точной формулы или у времени обслуживания нет среднего).',
  'wrho.caption': 'Ожидание взрывается при ρ → 1: при загрузке 90 % заявка в системе в 10× дольше обслуживания. ◆ — этот прогон; всплески, перекос и сбои поднимают его.',
  'wrho.point': 'ρ = {rho}, W = {w} с',

  'tab.lesson': 'Урок',
  'tab.wrho': 'W от ρ',
  'explain.story': 'История',
  'explain.watch': 'На что смотреть',
  'explain.why': 'Почему так',
  'explain.fix': 'Как исправить',
  'explain.tryFix': 'Попробовать исправление',
  'explain.tryFixHint': 'Загрузить этот сценарий с исправлением: {sets}',
  'explain.noContent': 'Подробное объяснение для этого сценария ещё не написано; вот его описание.',

  'linkError.title': 'Эту ссылку не удалось открыть',
  'linkError.fallback': 'Вместо неё открыто ближайшее допустимое состояние: {title}.',
  'linkError.dismiss': 'Закрыть',
  'error.title': 'Моделирование остановилось с ошибкой',
  'error.reset': 'Сбросить прогон',
  'error.default': 'Открыть первый сценарий',
  'error.reload': 'Перезагрузить страницу',
  'header.language': 'Язык',
  'controls.events': 'событий: {n}',
  'panels.loading': 'Загружаем панели…',
  'panels.error': 'Не удалось загрузить панели этой модели: {error}',
  'panels.reload': 'Перезагрузить',
  'lesson.description': 'Описание сценария',
};

export const MESSAGES: Record<Lang, Record<MessageKey, string>> = { en, ru };

export const translate = makeTranslate(MESSAGES);

export function isLang(x: unknown): x is Lang {
  return x === 'en' || x === 'ru';
}

export const LANG_STORAGE_KEY = 'queuelab.lang';
