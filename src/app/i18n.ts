/**
 * Every string the page shows, in English and Russian. The Russian table must have exactly the
 * English keys (the type checker enforces it). `{name}` placeholders are filled by `translate`.
 * Scenario titles and descriptions come from the scenario files and stay English for now.
 */

export type Lang = 'en' | 'ru';
export const LANGS: readonly Lang[] = ['en', 'ru'];

const en = {
  'app.tagline': 'queues, simulated one event at a time',
  'header.scenario': 'Scenario',
  'header.stations': 'Queueing stations',
  'header.kafka': 'Kafka playground',
  'header.language': 'Language',
  'header.langName.en': 'English',
  'header.langName.ru': 'Русский',
  'scenario.fromLink': '{title} (from link)',
  'scenario.theoryModel': 'Theory: {model}, ρ = {rho}',
  'scenario.noTheory': 'No closed-form theory for this one',
  'scenario.run': 'Run: {duration} s simulated, warm-up {warmup} s',

  'controls.label': 'Run controls',
  'controls.play': 'Play',
  'controls.pause': 'Pause',
  'controls.again': 'Run again',
  'controls.step': 'Step',
  'controls.reset': 'Reset',
  'controls.playHint': 'Start or pause the simulation (Space)',
  'controls.stepHint': 'Pause and run exactly one event (→)',
  'controls.resetHint': 'Back to time 0 with the same seed (R)',
  'controls.speed': 'Speed',
  'controls.speedHint': 'Simulated seconds per real second; max = as fast as this computer can',
  'controls.speedUnit': 'sim-s per s',
  'controls.speedMax': 'max',
  'controls.seed': 'Seed',
  'controls.seedHint': 'Same seed, same numbers. Changing it restarts the run and updates the link.',
  'controls.keys': 'Keys',
  'controls.keyPlay': 'play/pause',
  'controls.keyStep': 'step',
  'controls.keyReset': 'reset',
  'controls.copy': 'Copy link',
  'controls.copied': 'Link copied',
  'controls.copyFailed': 'Copy the address bar instead',
  'controls.copyHint': 'The address bar holds a share link to this scenario and seed',

  'status.label': 'Status',
  'status.idle': 'ready',
  'status.running': 'running',
  'status.paused': 'paused',
  'status.finished': 'finished',
  'status.error': 'error',

  'chart.title': 'Customers in the system over time',
  'chart.x': 'simulated time (s)',
  'chart.y': 'customers in system',
  'chart.legendMean': 'average per interval',
  'chart.legendMax': 'peak per interval',
  'chart.legendTheory': 'theory L = {value}',
  'chart.legendRunning': 'running average since warm-up',
  'chart.legendWarmup': 'warm-up',
  'chart.captionTheory':
    'Notice: the number in the system swings widely from moment to moment, yet its running average (green) settles on the dashed theory line: that is L.',
  'chart.captionNoTheory':
    'Notice: the number in the system swings widely from moment to moment, yet its running average (green) settles: that is L, and it matches λ·W on the right.',
  'chart.interval': 'One interval = {value} s of simulated time.',
  'chart.emptyTitle': 'Press Play (or Space) to start',
  'chart.empty': 'This chart will draw how many customers are in the system as simulated time passes: a line for the average over each short interval and a light band for its peak.',
  'chart.emptyTheory': 'Queueing theory predicts an average of L = {value}: the dashed line. Watch the running average settle on it.',

  'little.title': 'Little’s law: L = λ·W',
  'little.L': 'L: time-average number in the system',
  'little.lambdaW': 'λ·W: arrival rate × mean time in system',
  'little.factors': 'λ = {lambda}\u00a0/s × W = {W}\u00a0s',
  'little.unit': 'customers',
  'little.diff': 'difference (L − λ·W) / λ·W',
  'little.agree': 'L and λ·W agree within their 95 % intervals.',
  'little.disagree': 'Not within the intervals yet: keep running.',
  'little.theory': 'Theory ({model}): L = {L}, W = {W}\u00a0s',
  'little.noTheory': 'No closed-form theory for this scenario: Little’s law still holds.',
  'little.empty': 'Press Play: the measured L and the product λ·W will appear here and converge to the same value.',
  'little.warmup': 'Warm-up until t = {warmup} s: these numbers still include the empty start and are reset then.',
  'little.ci': '± is the 95 % confidence half-width (batch means).',
  'little.stripLabel': 'L and λ·W with their 95 % intervals',

  'stats.label': 'Run statistics',
  'stats.lambda': 'Arrival rate λ',
  'stats.throughput': 'Throughput',
  'stats.utilization': 'Utilisation',
  'stats.W': 'Time in system W',
  'stats.Wq': 'Wait in queue Wq',
  'stats.pct': 'W: p50 / p99',
  'stats.pBlock': 'Turned away',
  'stats.counts': 'Customers',
  'stats.arrivals': 'arrived',
  'stats.completed': 'served',
  'stats.dropped': 'turned away',
  'stats.inSystem': 'in system',
  'stats.simTime': 'Simulated time',
  'stats.of': 'of {value} s',
  'stats.events': 'events',
  'stats.theory': 'theory {value}',
  'unit.perSecond': '/s',
  'unit.seconds': 's',

  'linkError.title': 'This link could not be opened',
  'linkError.fallback': 'Showing the default scenario ({title}) instead.',
  'linkError.dismiss': 'Dismiss',
  'error.title': 'The simulation stopped with an error',
  'error.reset': 'Reset the run',
  'error.default': 'Load the default scenario',
  'error.reload': 'Reload the page',
} as const;

export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  'app.tagline': 'очереди, событие за событием',
  'header.scenario': 'Сценарий',
  'header.stations': 'Системы массового обслуживания',
  'header.kafka': 'Kafka',
  'header.language': 'Язык',
  'header.langName.en': 'English',
  'header.langName.ru': 'Русский',
  'scenario.fromLink': '{title} (из ссылки)',
  'scenario.theoryModel': 'Теория: {model}, ρ = {rho}',
  'scenario.noTheory': 'Для этого сценария нет точной формулы',
  'scenario.run': 'Прогон: {duration} с модельного времени, разогрев {warmup} с',

  'controls.label': 'Управление прогоном',
  'controls.play': 'Пуск',
  'controls.pause': 'Пауза',
  'controls.again': 'Ещё раз',
  'controls.step': 'Шаг',
  'controls.reset': 'Сброс',
  'controls.playHint': 'Запустить или приостановить моделирование (пробел)',
  'controls.stepHint': 'Остановиться и выполнить ровно одно событие (→)',
  'controls.resetHint': 'Вернуться к моменту 0 с тем же зерном (R)',
  'controls.speed': 'Скорость',
  'controls.speedHint': 'Модельных секунд за одну реальную секунду; макс. — так быстро, как может компьютер',
  'controls.speedUnit': 'мод. с за 1 с',
  'controls.speedMax': 'макс.',
  'controls.seed': 'Зерно',
  'controls.seedHint': 'То же зерно — те же числа. Смена зерна перезапускает прогон и меняет ссылку.',
  'controls.keys': 'Клавиши',
  'controls.keyPlay': 'пуск/пауза',
  'controls.keyStep': 'шаг',
  'controls.keyReset': 'сброс',
  'controls.copy': 'Скопировать ссылку',
  'controls.copied': 'Ссылка скопирована',
  'controls.copyFailed': 'Скопируйте адресную строку',
  'controls.copyHint': 'В адресной строке — ссылка на этот сценарий вместе с зерном',

  'status.label': 'Состояние',
  'status.idle': 'готово',
  'status.running': 'идёт',
  'status.paused': 'пауза',
  'status.finished': 'завершено',
  'status.error': 'ошибка',

  'chart.title': 'Число заявок в системе во времени',
  'chart.x': 'модельное время (с)',
  'chart.y': 'заявок в системе',
  'chart.legendMean': 'среднее за интервал',
  'chart.legendMax': 'максимум за интервал',
  'chart.legendTheory': 'теория: L = {value}',
  'chart.legendRunning': 'накопленное среднее',
  'chart.legendWarmup': 'разогрев',
  'chart.captionTheory':
    'Обратите внимание: число заявок в системе сильно скачет от момента к моменту, но его накопленное среднее (зелёная линия) выходит на пунктир теории — это и есть L.',
  'chart.captionNoTheory':
    'Обратите внимание: число заявок в системе сильно скачет от момента к моменту, но его накопленное среднее (зелёная линия) устанавливается — это L, и оно совпадает с λ·W справа.',
  'chart.interval': 'Один интервал — {value} с модельного времени.',
  'chart.emptyTitle': 'Нажмите «Пуск» (или пробел)',
  'chart.empty': 'Здесь появится график числа заявок в системе по модельному времени: линия — среднее за каждый короткий интервал, светлая полоса — максимум за него.',
  'chart.emptyTheory': 'Теория массового обслуживания предсказывает среднее L = {value} — это пунктирная линия. Следите, как накопленное среднее выходит на неё.',

  'little.title': 'Закон Литтла: L = λ·W',
  'little.L': 'L — среднее по времени число заявок',
  'little.lambdaW': 'λ·W — интенсивность × время в системе',
  'little.factors': 'λ = {lambda}\u00a0/с × W = {W}\u00a0с',
  'little.unit': 'заявок',
  'little.diff': 'разница (L − λ·W) / λ·W',
  'little.agree': 'L и λ·W совпадают в пределах 95 %-х интервалов.',
  'little.disagree': 'Пока не в пределах интервалов — продолжайте прогон.',
  'little.theory': 'Теория ({model}): L = {L}, W = {W}\u00a0с',
  'little.noTheory': 'Точной формулы для этого сценария нет, но закон Литтла выполняется всё равно.',
  'little.empty': 'Нажмите «Пуск»: здесь появятся измеренное L и произведение λ·W — они сойдутся к одному значению.',
  'little.warmup': 'Разогрев до t = {warmup} с: пока в числа входит пустой старт, в этот момент они обнулятся.',
  'little.ci': '± — полуширина 95 %-го доверительного интервала (метод групповых средних).',
  'little.stripLabel': 'L и λ·W с их 95 %-ми интервалами',

  'stats.label': 'Статистика прогона',
  'stats.lambda': 'Входящий поток λ',
  'stats.throughput': 'Выходной поток',
  'stats.utilization': 'Загрузка',
  'stats.W': 'Время в системе W',
  'stats.Wq': 'Ожидание Wq',
  'stats.pct': 'W: p50 / p99',
  'stats.pBlock': 'Доля отказов',
  'stats.counts': 'Заявки',
  'stats.arrivals': 'пришло',
  'stats.completed': 'обслужено',
  'stats.dropped': 'отказано',
  'stats.inSystem': 'в системе',
  'stats.simTime': 'Модельное время',
  'stats.of': 'из {value} с',
  'stats.events': 'событий',
  'stats.theory': 'теория {value}',
  'unit.perSecond': '/с',
  'unit.seconds': 'с',

  'linkError.title': 'Не удалось открыть ссылку',
  'linkError.fallback': 'Вместо неё открыт сценарий по умолчанию ({title}).',
  'linkError.dismiss': 'Закрыть',
  'error.title': 'Моделирование остановилось с ошибкой',
  'error.reset': 'Сбросить прогон',
  'error.default': 'Открыть сценарий по умолчанию',
  'error.reload': 'Перезагрузить страницу',
};

export const MESSAGES: Record<Lang, Record<MessageKey, string>> = { en, ru };

export type Vars = Record<string, string | number>;

/** The message `key` in `lang` with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Vars): string {
  const text = MESSAGES[lang][key] ?? MESSAGES.en[key];
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

export function isLang(x: unknown): x is Lang {
  return x === 'en' || x === 'ru';
}

export const LANG_STORAGE_KEY = 'queuelab.lang';
