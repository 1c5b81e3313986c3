/**
 * Validation messages in the page's language. The validator (src/scenario) writes English, as the
 * CLI prints it; the page in Russian shows the same messages in Russian. They are translated here,
 * where they are shown, by their shapes: a message is "must be an integer in [1, 64]" with the
 * numbers of its field, so the rules below match a shape and carry its numbers, names and config
 * values over. Config names, values, Kafka's own exception texts and paths stay as they are
 * spelt. A message no rule knows is shown as written (`test/app/error-text.test.ts` checks that
 * every message a settings field, a budget or a broken link can produce has a rule).
 */
import type { Lang } from './i18n.ts';
import { unitAfter } from './format.ts';

/** A number as the validator wrote it ("1000000", "0.5", "1e-100") in Russian: grouped digits, a decimal comma. */
function num(x: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(x)) return x;
  // Past 2^53 a Number is not the integer written (Long.MAX_VALUE 9223372036854775807 → …776000): group the digits as they are.
  if (/^-?\d{16,}$/.test(x)) return x.replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  const v = Number(x);
  return new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 20, useGrouping: Math.abs(v) >= 10_000 }).format(v);
}

/** " s" (as a pattern captures it, with its space) → " с"; "/с" without one. */
const unit = (u: string | undefined): string => unitAfter(u?.trim(), 'ru');

/** "[1, 64]" or "(0, 1000]" in Russian: "[1; 64]", "(0; 1000]" (the decimal comma takes the comma's place). */
function interval(open: string, lo: string, hi: string, close: string): string {
  return `${open}${num(lo)}; ${num(hi)}${close}`;
}

/** "3.6 million", "12,000" (the budget's counts) → "3,6 млн", "12 000". */
function count(x: string): string {
  const m = /^([\d.,]+)(?: (million|billion))?$/.exec(x);
  if (!m) return x;
  const v = Number(m[1].replaceAll(',', ''));
  const word = m[2] === 'million' ? ' млн' : m[2] === 'billion' ? ' млрд' : '';
  return new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 }).format(v) + word;
}

/** "1.2 GiB" → "1,2 ГиБ". */
function bytes(x: string): string {
  const m = /^([\d.]+) (GiB|MiB)$/.exec(x);
  return m ? `${num(m[1])} ${m[2] === 'GiB' ? 'ГиБ' : 'МиБ'}` : x;
}

/** What a list holds, after "must be a list of". */
const LIST_OF: Record<string, string> = {
  calls: 'вызовов',
  'consumer groups': 'групп консьюмеров',
  'consumer pools': 'пулов консьюмеров',
  consumers: 'консьюмеров',
  faults: 'сбоев',
  'key strings': 'ключей (строк)',
  numbers: 'чисел',
  producers: 'продюсеров',
  'rack names': 'имён стоек',
  sources: 'источников',
  'stage names': 'имён стадий',
  stages: 'стадий',
  '{ at, rate } steps': 'шагов { at, rate }',
  '{ at, rate, ramp? } steps': 'шагов { at, rate, ramp? }',
  '{ name, delay.ms }': '{ name, delay.ms }',
};

/** "at least 1 producer": one of what a list needs. */
const AT_LEAST_ONE: Record<string, string> = {
  producer: 'нужен хотя бы один продюсер',
  'retry topic': 'нужен хотя бы один retry-топик',
  value: 'нужно хотя бы одно значение',
  source: 'нужен хотя бы один источник',
  stage: 'нужна хотя бы одна стадия',
};

/** "at most 8 groups": the plural after a number (Russian's genitive plural). */
const AT_MOST: Record<string, string> = {
  'retry topics': 'retry-топиков',
  faults: 'сбоев',
  steps: 'шагов',
  values: 'значений',
  producers: 'продюсеров',
  calls: 'вызовов',
  'consumer pools': 'пулов консьюмеров',
  consumers: 'консьюмеров',
  groups: 'групп',
  racks: 'стоек',
  sources: 'источников',
  stages: 'стадий',
};

/** The reasons some "must be unique" messages give. */
const UNIQUE_WHY: Record<string, string> = {
  '': '',
  ' (faults and consumer names <pool>-<n> use it)': ' (по нему сбои находят пул, из него составлены имена консьюмеров <pool>-<n>)',
  ' (faults name producers)': ' (сбои находят продюсеров по имени)',
  ' (the results list consumers by name)': ' (в результатах консьюмеры перечислены по имени)',
  ' in its stage': ' в своей стадии',
};

/** What a name must be one of ("must be a stage name: one of …"). */
const NAME_OF: Record<string, string> = {
  'group.id': 'group.id',
  'producer name': 'именем продюсера',
  'stage name': 'именем стадии',
  'stage or dependency name': 'именем стадии или зависимости',
  'consumer pool name': 'именем пула консьюмеров',
};

const NONE_RU: Record<string, string> = { '(no groups)': '(групп нет)', '(no pools)': '(пулов нет)', '(no consumers)': '(консьюмеров нет)', '(no stages)': '(стадий нет)' };
const none = (list: string): string => NONE_RU[list] ?? list;

/** What a link that is not one scenario holds (the CLI opens one scenario). */
const HOLDS: Record<string, string> = {
  'a playlist': 'в ней плейлист, а не один сценарий',
  'an interview question': 'в ней вопрос интервью, а не один сценарий',
  'a mock interview': 'в ней пробное интервью, а не один сценарий',
  'no scenario': 'в ней нет сценария',
};

/** The reasons of "must be less than X (…)" that the validator gives. */
const LESS_WHY: Record<string, string> = {
  '': '',
  ': each extension must come before the lease it extends ends': ': каждое продление должно успеть до конца аренды, которую оно продлевает',
  ': the first extension must come before the first lease ends': ': первое продление должно успеть до конца первой аренды',
};

/** The budget's "what" — the part of a run that costs the most — in Russian, when it is one of the common ones. */
const WHAT: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(.+) records held \((\d+) bytes each, with buffer growth\)$/, (m) => `${count(m[1])} хранимых записей (по ${m[2]} байт, с ростом буферов)`],
  [/^(.+) records held in the log \((\d+) bytes each\)$/, (m) => `${count(m[1])} записей в логе (по ${m[2]} байт)`],
  [/^(.+) records \((\d+) bytes each, whatever the replication factor\)$/, (m) => `${count(m[1])} записей (по ${m[2]} байт при любом факторе репликации)`],
  [/^(.+) messages stored \((\d+) bytes each\)$/, (m) => `${count(m[1])} хранимых сообщений (по ${m[2]} байт)`],
  [/^(.+) requests \((\d+) bytes each\)$/, (m) => `${count(m[1])} запросов (по ${m[2]} байт)`],
  [/^up to (.+) items alive at once \((\d+) bytes each\)$/, (m) => `до ${count(m[1])} элементов в работе одновременно (по ${m[2]} байт)`],
  [/^(.+) partitions$/, (m) => `партиции: ${count(m[1])}`],
  [/^(.+) servers$/, (m) => `серверы: ${count(m[1])}`],
  [/^a queue of up to (.+) customers$/, (m) => `очередь до ${count(m[1])} заявок`],
  [/^a queue of up to (.+) attempts$/, (m) => `очередь до ${count(m[1])} попыток`],
  [/^the key space of producer (\S+)( \(a FIFO message group per key\))?$/, (m) => `пространство ключей продюсера ${m[1]}${m[2] ? ' (своя группа сообщений FIFO на каждый ключ)' : ''}`],
  [/^a key space of (.+) keys$/, (m) => `пространство из ${count(m[1])} ключей`],
  [/^(.+) consumers of (\S+) and their poll buffers$/, (m) => `${count(m[1])} консьюмеров группы ${m[2]} и их буферы poll`],
  [/^(.+) consumers of pool (\S+)$/, (m) => `${count(m[1])} консьюмеров пула ${m[2]}`],
  [/^(.+) workers of (\S+)$/, (m) => `${count(m[1])} воркеров стадии ${m[2]}`],
  [/^visits of (.+) partitions by polls \(each consumer's own\) and by chart samples$/, (m) => `обходы ${count(m[1])} партиций при poll (у каждого консьюмера свои) и при отсчётах графиков`],
  [/^(.+) segments rolled$/, (m) => `${count(m[1])} закрытых сегментов`],
  [/^visits of (.+) partitions by (.+) fetch rounds of (\d+) reader\(s\)$/, (m) => `обходы ${count(m[1])} партиций за ${count(m[2])} раундов выборки читателей (${m[3]})`],
  [/^(.+) fetch rounds of (\d+) broker-pair sessions \(one per round trip while records flow\)$/, (m) => `${count(m[1])} раундов выборки ${m[2]} сессий между брокерами (по одному за круговую задержку, пока идут записи)`],
  [/^the producers' walks of the partitions holding a batch while batches are retried \((.+) partition visits\)$/, (m) => `обходы продюсерами партиций с пачками, пока пачки повторяются (${count(m[1])} посещений партиций)`],
  [/^ISR checks of every replica$/, () => 'проверки ISR каждой реплики'],
  [/^the idempotent producers' state of (.+) partitions \(up to (.+) batches each\)$/, (m) => `состояние идемпотентных продюсеров для ${count(m[1])} партиций (до ${count(m[2])} пачек на каждую)`],
  [/^the idempotent batches' sequences kept while a replica is behind \(up to (.+)\)$/, (m) => `номера идемпотентных пачек, хранимые, пока реплика отстаёт (до ${count(m[1])})`],
  [/^the batches producer (\S+)'s buffer\.memory holds at once \(up to (.+)\)$/, (m) => `пачки, которые buffer.memory продюсера ${m[1]} держит одновременно (до ${count(m[2])})`],
  [/^the web requests of producer (\S+) that can wait in send\(\) at once \(up to (.+)\)$/, (m) => `веб-запросы продюсера ${m[1]}, которые могут одновременно ждать в send() (до ${count(m[2])})`],
  [/^turns of consumers of (\S+) re-reading a record that keeps failing \(retry\.mode "none"\)$/, (m) => `круги консьюмеров группы ${m[1]}, перечитывающих запись, которая снова и снова падает (retry.mode "none")`],
  [/^attempts of consumers of (\S+) retrying in place while a dependency outage fails them$/, (m) => `попытки консьюмеров группы ${m[1]}, повторяющих на месте, пока отказ зависимости их роняет`],
  [/^(.+) events of ReceiveMessage calls by (.+) consumers of pool (\S+) that find nothing \((?:long polls of (\S+) s|(short polling): one call per round trip; raise WaitTimeSeconds to long-poll)\)$/, (m) =>
    `${count(m[1])} событий вызовов ReceiveMessage от ${count(m[2])} консьюмеров пула ${m[3]}, которые ничего не находят (${m[5] ? 'короткий опрос: вызов на каждую круговую задержку; увеличьте WaitTimeSeconds для долгого опроса' : `долгие опросы по ${num(m[4])} с`})`],
  [/^heartbeats of pool (\S+)$/, (m) => `продления аренды пула ${m[1]}`],
  [/^deliveries of failing messages again \(failure rate (\S+), up to (.+) deliveries each\)$/, (m) => `повторные доставки падающих сообщений (доля отказов ${num(m[1])}, до ${count(m[2])} доставок каждого)`],
  [/^deliveries of messages that keep failing to pool (\S+)$/, (m) => `доставки пулу ${m[1]} сообщений, которые снова и снова падают`],
  [/^deliveries to other consumers of pool (\S+) of messages still being processed \(VisibilityTimeout (\S+) s, processing (\S+) s on average\)$/, (m) =>
    `доставки другим консьюмерам пула ${m[1]} сообщений, которые ещё обрабатываются (VisibilityTimeout ${num(m[2])} с, обработка в среднем ${num(m[3])} с)`],
  [/^up to (.+) calls alive at once \((\d+) attempts of (\S+) s at the peak rate\)$/, (m) => `до ${count(m[1])} вызовов одновременно (${m[2]} попыток по ${num(m[3])} с при пиковой интенсивности)`],
  [/^up to (.+) requests \((\d+) bytes each\)$/, (m) => `до ${count(m[1])} запросов (по ${m[2]} байт)`],
  [/^the breaker's window$/, () => 'окно автомата'],
  [/^cleans rewriting up to (.+) records in (.+) segments, and walks of up to (.+) segments$/, (m) => `очистки, переписывающие до ${count(m[1])} записей в ${count(m[2])} сегментах, и обходы до ${count(m[3])} сегментов`],
  [/^fetches of the reader$/, () => 'выборки читателя'],
  [/^polls of a reader at the log end$/, () => 'опросы читателя в конце лога'],
  [/^retention checks of every partition$/, () => 'проверки хранения каждой партиции'],
  [/^cleaner threads waking up$/, () => 'пробуждения потоков очистки'],
  [/^polls of the relay$/, () => 'опросы ретранслятора'],
  [/^polls of the CDC connector$/, () => 'опросы CDC-коннектора'],
  [/^offset commits of the CDC connector$/, () => 'коммиты смещений CDC-коннектора'],
];

function what(text: string): string {
  for (const [re, f] of WHAT) {
    const m = re.exec(text);
    if (m) return f(m);
  }
  return text;
}

/** "Lower topic.partitions or duration", "Raise x or lower duration", a retry policy: the budget's advice. */
function advice(text: string): string | null {
  const m = /^(Lower|Raise) (\S+)( or duration| or lower duration)$/.exec(text);
  if (m) return `${m[1] === 'Lower' ? 'Уменьшите' : 'Увеличьте'} ${m[2]}${m[3] === ' or duration' ? ' или duration' : ' или уменьшите duration'}`;
  const g = /^Give (groups\.\d+) a retry policy that moves past a failing record \(retry\.mode retry-topics, or in-place with a longer backoff\), shorten the fault, or lower duration$/.exec(text);
  if (g) return `Дайте ${g[1]} политику повторов, которая проходит мимо падающей записи (retry.mode retry-topics или in-place с паузой подлиннее), сократите сбой или уменьшите duration`;
  if (/^Give the queue a delivery limit with a dead-letter queue \(SQS RedrivePolicy, RabbitMQ retry or x-delivery-limit\), shorten the fault, or lower duration$/.test(text)) {
    return 'Дайте очереди лимит доставок с очередью недоставленных (в SQS RedrivePolicy, в RabbitMQ retry или x-delivery-limit), сократите сбой или уменьшите duration';
  }
  return null;
}

type Rule = [RegExp, (m: RegExpExecArray) => string];

/** Shapes of the validator's messages, most specific first. */
const RULES: Rule[] = [
  // ── numbers and their ranges (fields.ts `num`) ──
  [/^must be (an integer|a number) in ([[(])([^,\s]+), ([^\]\s]+)\]( \S+)?$/, (m) => `должно быть ${m[1] === 'an integer' ? 'целым числом' : 'числом'} в ${interval(m[2], m[3], m[4], ']')}${unit(m[5])}`],
  [
    /^must be (0 or )?a number in \[(\S+), ([^\]\s]+)\]( [^:]+)?: a non-zero number below (\S+) is too small to compute with$/,
    (m) => `должно быть ${m[1] ? '0 или ' : ''}числом в ${interval('[', m[2], m[3], ']')}${unit(m[4])}: ненулевое число меньше ${m[5]} слишком мало для расчётов`,
  ],
  [/^must be -1 \(no limit\) or an integer in \[(\S+), (\S+)\] bytes$/, (m) => `должно быть -1 (без ограничения) или целым числом в ${interval('[', m[1], m[2], ']')} байт`],
  [/^must be a number$/, () => 'должно быть числом'],
  [/^must be a time in \[0, (\S+)\] s, the run's length$/, (m) => `должно быть моментом в ${interval('[', '0', m[1], ']')} с, в пределах прогона`],
  [/^must be in \(mean, (\S+)·mean\] = \((\S+), (\S+)\] s for a lognormal$/, (m) => `для lognormal должно быть в (mean; ${num(m[1])}·mean] = ${interval('(', m[2], m[3], ']')} с`],
  [/^must be at least (\d+)$/, (m) => `должно быть не меньше ${num(m[1])}`],
  [/^must be (\d+)$/, (m) => `должно быть ${m[1]}`],
  // ── choices, flags, texts, lists, objects ──
  [/^must be one of: (.+)$/, (m) => `должно быть одним из: ${m[1]}`],
  [/^must be true or false$/, () => 'должно быть true или false'],
  [/^must be a string$/, () => 'должно быть строкой'],
  [/^must be at most (\d+) characters$/, (m) => `должно быть не длиннее ${m[1]} символов`],
  [/^must be lowercase letters, digits and dashes$/, () => 'может состоять только из строчных латинских букв, цифр и дефисов'],
  [/^must be a ([\w ]+) name of lowercase letters, digits, '\.', '_' and '-'$/, () => "может состоять только из строчных латинских букв, цифр, '.', '_' и '-'"],
  [/^must be a ([\w ]+) name of letters, digits, '\.', '_' and '-'$/, () => "может состоять только из латинских букв, цифр, '.', '_' и '-'"],
  [/^must be a list of (.+)$/, (m) => (m[1] in LIST_OF ? `должно быть списком ${LIST_OF[m[1]]}` : m[0])],
  [/^must be a list$/, () => 'должно быть списком'],
  [/^must be an object$/, () => 'должно быть объектом'],
  [/^must be a JSON object$/, () => 'должно быть объектом JSON'],
  [/^must be a Java class name$/, () => 'должно быть именем класса Java'],
  [/^must be an object, not a list$/, () => 'должно быть объектом, а не списком'],
  [/^must be (null or )?an object like (.+?)(, or null)?$/, (m) => `должно быть ${m[1] ? 'null или ' : ''}объектом вида ${m[2]}${m[3] ? ' или null' : ''}`],
  [/^must be null or (\{.+\})$/, (m) => `должно быть null или ${m[1]}`],
  [/^must be JSON like (.+)$/, (m) => `должно быть JSON вида ${m[1]}`],
  [/^must be unique((?: \(.+\))?| in its stage)$/, (m) => `должно быть уникальным${UNIQUE_WHY[m[1]] ?? m[1]}`],
  [/^must not repeat a (stage|value)$/, (m) => `не должно повторять ${m[1] === 'stage' ? 'стадию' : 'значение'}`],
  [/^must have at least (?:1|one) (.+)$/, (m) => AT_LEAST_ONE[m[1]] ?? m[0]],
  [/^must have at most (\d+) (.+)$/, (m) => `должно содержать не больше ${num(m[1])} ${AT_MOST[m[2]] ?? m[2]}`],
  [/^must have one weight per value \((\d+)\)$/, (m) => `нужен один вес на каждое значение (${m[1]})`],
  [/^is not a known field \(check the spelling; see scenarios\/README\.md\)$/, () => 'неизвестное поле (проверьте написание; см. scenarios/README.md)'],
  [/^is required$/, () => 'обязательное поле'],
  [/^is required: it (.+)$/, (m) => `обязательное поле: оно ${errorMessageText(m[1], 'ru')}`],
  [/^is newer than this QueueLab understands \(it reads versions (.+)\)$/, (m) => `новее, чем понимает эта версия QueueLab (она читает версии ${m[1]})`],
  // ── one field against another ──
  [/^must be before the end of the run \((\S+) s\)(, or null)?$/, (m) => `должно быть раньше конца прогона (${num(m[1])} с)${m[2] ? ' или null' : ''}`],
  [/^must be less than duration \((\S+) s\)$/, (m) => `должно быть меньше duration (${num(m[1])} с)`],
  [/^must be less than (\S+) \((\S+?)( s| ms)?\)(.*)$/, (m) => (m[4] in LESS_WHY ? `должно быть меньше ${m[1]} (${num(m[2])}${unit(m[3])})${LESS_WHY[m[4]]}` : m[0])],
  [/^must be lower than (\S+) \((\S+) ms\)$/, (m) => `должно быть меньше ${m[1]} (${num(m[2])} мс)`],
  [/^must be ≥ (\S+) \((\S+)\)$/, (m) => `должно быть ≥ ${m[1]} (${num(m[2])})`],
  [/^must be at least servers \((\d+)\) or null for unbounded$/, (m) => `должно быть не меньше servers (${m[1]}) или null — без ограничения`],
  [/^must be at least ([\w.]+) \((\S+?)( s| ms)?\)$/, (m) => `должно быть не меньше ${m[1]} (${num(m[2])}${unit(m[3])})`],
  [/^must be at most ([\w.]+) \((\S+?)( s| ms)?\)(, as Kafka requires)?$/, (m) => `должно быть не больше ${m[1]} (${num(m[2])}${unit(m[3])})${m[4] ? ', как требует Kafka' : ''}`],
  [/^must be at most the smallest bounded capacity downstream \((\S+)\)$/, (m) => `должно быть не больше наименьшей ёмкости ограниченных буферов ниже по потоку (${num(m[1])})`],
  [/^must be greater than the previous step's at \((\S+) s\)$/, (m) => `должно быть больше, чем at предыдущего шага (${num(m[1])} с)`],
  [/^must be more than the current partition count \((\d+)\): Kafka can only add partitions$/, (m) => `должно быть больше текущего числа партиций (${m[1]}): Kafka умеет только добавлять партиции`],
  [
    /^must be between autoscaler\.minReplicaCount and autoscaler\.maxReplicaCount \((\d+) … (\d+)\): with the autoscaler on, members is the deployment's replicas at t = 0$/,
    (m) => `должно быть между autoscaler.minReplicaCount и autoscaler.maxReplicaCount (${m[1]} … ${m[2]}): с автоскейлером members — это число реплик деплоймента при t = 0`,
  ],
  [/^must be a ((?:[\w.]+ )*?(?:name|group\.id)): one of (.+?)(, or "\*" for all)?$/, (m) => (m[1] in NAME_OF ? `должно быть ${NAME_OF[m[1]]}: одним из ${none(m[2])}${m[3] ? ', или "*" — все' : ''}` : m[0])],
  [/^must be a producer name or "\*"$/, () => 'должно быть именем продюсера или "*"'],
  [/^must name a consumer: (.+)$/, (m) => `должно называть консьюмера: ${none(m[1])}`],
  [/^must name another stage: a stage cannot send to itself$/, () => 'должно называть другую стадию: стадия не может отправлять самой себе'],
  [/^must be a partition of (\S+): (\d+) … (-?\d+)$/, (m) => `должно быть партицией ${m[1]}: ${m[2]} … ${m[3]}`],
  [/^must be a broker id in \[1, (\d+)\] \(cluster\.brokers is \d+\)$/, (m) => `должно быть id брокера в [1; ${m[1]}] (cluster.brokers = ${m[1]})`],
  [/^must be the processor's name: (\S+)$/, (m) => `должно быть именем процессора: ${m[1]}`],
  [/^lognormal takes exactly one of cv or p99$/, () => 'для lognormal задаётся ровно одно из двух: cv или p99'],
  [/^poison takes a partition or a key, not both$/, () => 'для poison задаётся партиция или ключ, не то и другое'],
  [/^gets no items: no source or stage sends to (\S+)$/, (m) => `не получает элементов: ни источник, ни стадия не отправляют в ${m[1]}`],
  [/^makes a cycle \((.+)\): a pipeline's stages must form a DAG$/, (m) => `образует цикл (${m[1]}): стадии конвейера должны образовывать DAG`],
  [
    /^must be null or "(.+)" without queue\.node: another queue’s publishers are modelled only through the node they share \(add "node": \{\} to the queue, or set routingKey to null\)$/,
    (m) => `без queue.node должно быть null или "${m[1]}": продюсеры другой очереди моделируются только через общий с ней узел (добавьте "node": {} в очередь или задайте routingKey null)`,
  ],
  [
    /^must be null for a classic queue: only quorum queues have a delivery limit \(set x-queue-type to "quorum"\)$/,
    () => 'для классической очереди должно быть null: лимит доставок есть только у quorum-очередей (задайте x-queue-type "quorum")',
  ],
  [/^must be drop-head or reject-publish for a quorum queue: reject-publish-dlx is a classic queue’s$/, () => 'для quorum-очереди должно быть drop-head или reject-publish: reject-publish-dlx бывает только у классической'],
  [
    /^must be null for an SQS queue: a routing key is RabbitMQ’s \(another queue on the same node\)$/,
    () => 'для очереди SQS должно быть null: ключ маршрутизации есть только в RabbitMQ (другая очередь на том же узле)',
  ],
  [/^must be null for an SQS queue: only a RabbitMQ node’s resource alarm blocks a publisher$/, () => 'для очереди SQS должно быть null: публикацию блокирует только resource alarm узла RabbitMQ'],
  [
    /^must be more than 0 s with exponential backoff \(0 would retry at once, like backoff "none"\)$/,
    () => 'при экспоненциальной паузе должно быть больше 0 с (с 0 повтор шёл бы сразу, как при backoff "none")',
  ],
  // ── Kafka's own refusals (the exception's text stays as Kafka writes it) ──
  [
    /^must be "all" with enable\.idempotence=true (\(ConfigException: ".+"\)); set acks to "all", or enable\.idempotence to false or null$/,
    (m) => `при enable.idempotence=true должно быть "all" ${m[1]}; задайте acks "all" или enable.idempotence false либо null`,
  ],
  [
    /^must be in \[1, 2147483647\] with enable\.idempotence=true (\(ConfigException: ".+"\)); or set enable\.idempotence to false or null$/,
    (m) => `при enable.idempotence=true должно быть в [1; 2\u00a0147\u00a0483\u00a0647] ${m[1]}; или задайте enable.idempotence false либо null`,
  ],
  [
    /^must be in \[1, (\d+)\] (with enable\.idempotence=true|while enable\.idempotence is not false \(Kafka 4 turns it on by default and refuses this even when it is not set\)) (\(ConfigException: ".+"\)); set enable\.idempotence to false to allow more$/,
    (m) =>
      `${m[2].startsWith('with') ? 'при enable.idempotence=true' : 'пока enable.idempotence не false (Kafka 4 включает его по умолчанию и отказывает, даже когда он не задан)'} должно быть в [1; ${m[1]}] ${m[3]}; чтобы разрешить больше, задайте enable.idempotence false`,
  ],
  [
    /^must be at least (recordBytes|batch\.size) \((\d+)\), in \[(\d+), 1099511627776\] bytes: each new batch takes max\(batch\.size, the record's size\) bytes of buffer\.memory, so with less every send\(\) would fail (\(Kafka: ".+"\))$/,
    (m) =>
      `должно быть не меньше ${m[1]} (${num(m[2])}), в [${num(m[3])}; 1\u00a0099\u00a0511\u00a0627\u00a0776] байт: каждая новая пачка берёт из buffer.memory max(batch.size, размер записи) байт, и с меньшим значением любой send() завершился бы ошибкой ${m[4]}`,
  ],
  [
    /^must be at least linger\.ms \+ request\.timeout\.ms \((\d+) \+ (\d+) = (\d+) ms\), in \[(\d+), 86400000\] ms (\(ConfigException: ".+"\))$/,
    (m) => `должно быть не меньше linger.ms + request.timeout.ms (${num(m[1])} + ${num(m[2])} = ${num(m[3])} мс), в [${num(m[4])}; 86\u00a0400\u00a0000] мс ${m[5]}`,
  ],
  [
    /^must be at least processor\.commit\.interval\.ms \((\d+) ms\): Kafka Streams refuses a transaction timeout lower than its commit interval, as every transaction would time out before its commit$/,
    (m) => `должно быть не меньше processor.commit.interval.ms (${num(m[1])} мс): Kafka Streams не принимает тайм-аут транзакции меньше интервала коммита — каждая транзакция истекала бы до коммита`,
  ],
  [
    /^must be at most the broker's transaction\.max\.timeout\.ms \((\d+) ms\), in \[1, (\d+)\] ms: InitProducerId refuses a longer one \(InvalidTxnTimeoutException\)$/,
    (m) => `должно быть не больше transaction.max.timeout.ms брокера (${num(m[1])} мс), в [1; ${num(m[2])}] мс: InitProducerId отказывает в более длинном (InvalidTxnTimeoutException)`,
  ],
  [
    /^must be at most cluster\.brokers \((\d+)\), in \[1, (\d+)\]: Kafka refuses (".+")$/,
    (m) => `должно быть не больше cluster.brokers (${m[1]}), в [1; ${m[2]}]: Kafka отказывает: ${m[3]}`,
  ],
  [
    /^must be at most topic\.replication\.factor \((\d+)\), in \[1, (\d+)\]: Kafka accepts a larger value, but then the ISR \(at most (\d+) replicas\) is never large enough and every acks=all write fails with NOT_ENOUGH_REPLICAS\. The usual pair is replication\.factor 3 with min\.insync\.replicas 2$/,
    (m) =>
      `должно быть не больше topic.replication.factor (${m[1]}), в [1; ${m[2]}]: Kafka примет и больше, но тогда ISR (не больше ${m[3]} реплик) никогда не будет достаточно большим, и каждая запись с acks=all упадёт с NOT_ENOUGH_REPLICAS. Обычная пара — replication.factor 3 и min.insync.replicas 2`,
  ],
  [/^must have at most cluster\.brokers \((\d+)\) racks: one per broker, by index \(a shorter list is cycled\)$/, (m) => `должно содержать не больше cluster.brokers (${m[1]}) стоек: по одной на брокер, по порядку (короткий список повторяется по кругу)`],
  [
    /^must be "leader" while the brokers have no racks \(cluster\.broker\.rack is \[\]\): the rack-aware selector picks a replica by its broker\.rack$/,
    () => 'должно быть "leader", пока у брокеров нет стоек (cluster.broker.rack = []): rack-aware выбирает реплику по её broker.rack',
  ],
  [
    /^must be "topic" when there is no processor: "(.+)" is written by the processor \(set processor, or reads to "topic"\)$/,
    (m) => `должно быть "topic", когда процессора нет: "${m[1]}" пишет процессор (задайте processor или reads "topic")`,
  ],
  [/^names the processor, but the scenario has none: (\S+) stops or starts the processor \(use broker-crash for a broker\)$/, (m) => `называет процессор, а в сценарии его нет: ${m[1]} останавливает или запускает процессор (для брокера — broker-crash)`],
  [
    /^must be more than 0, in \(0, 60000\] ms, when (\S+) is 0: an empty fetch would be answered in zero time and sent again at once, so simulated time would stop$/,
    (m) => `должно быть больше 0, в (0; 60\u00a0000] мс, когда ${m[1]} равно 0: пустая выборка получала бы ответ мгновенно и тут же уходила бы снова, и модельное время остановилось бы`,
  ],
  [
    /^must be more than 0 when pool (\S+) short-polls \((\S+) is 0\): each empty ReceiveMessage would be answered in zero time and called again at once, so simulated time would stop\. Set rtt\.ms in \(0, 60000\] ms or (\S+) in \[1, 20\] s \(long polling\)$/,
    (m) =>
      `должно быть больше 0, когда пул ${m[1]} опрашивает коротко (${m[2]} равно 0): каждый пустой ReceiveMessage получал бы ответ мгновенно и вызывался бы снова, и модельное время остановилось бы. Задайте rtt.ms в (0; 60\u00a0000] мс или ${m[3]} в [1; 20] с (долгий опрос)`,
  ],
  [
    /^must take time when processing\.failureRate is 1 and retry\.mode is "none": every attempt fails at once and the consumer seeks back to the same record forever, so simulated time would stop \(give it a positive mean, or a retry mode that moves past a failing record, or lower failureRate\)$/,
    () =>
      'должно занимать время, когда processing.failureRate равно 1, а retry.mode — "none": каждая попытка сразу падает, и консьюмер без конца возвращается к той же записи, так что модельное время остановилось бы (задайте положительное среднее, режим повторов, который проходит мимо падающей записи, или уменьшите failureRate)',
  ],
  [
    /^must take time when a (poison record|dependency outage) \((faults\.\d+)\) .+ \(give it a positive mean, or a retry mode that moves past a failing record\)$/,
    (m) =>
      `должно занимать время: ${m[1] === 'poison record' ? `ядовитая запись (${m[2]}) падает в обработчике` : `отказ зависимости (${m[2]}) роняет каждую попытку`}, а retry.mode — "none", так что консьюмер повторял бы мгновенно и без конца, и модельное время остановилось бы (задайте положительное среднее или режим повторов, который проходит мимо падающей записи)`,
  ],
  [
    /^cannot be true together with allowIdleConsumers \(KEDA refuses the pair: one lifts the cap at the partition count, the other lowers it\)$/,
    () => 'не может быть true вместе с allowIdleConsumers (KEDA отвергает эту пару: одна настройка снимает потолок на числе партиций, другая его снижает)',
  ],
  [
    /^must be "uniform", "zipf" or "coarse": a table topic needs keys \(a compacted topic refuses records without one\)$/,
    () => 'должно быть "uniform", "zipf" или "coarse": топику-таблице нужны ключи (сжимаемый топик не принимает записи без ключа)',
  ],
  [
    /^must be at most slidingWindowSize \((\d+)\): the window never holds more calls than that, so the breaker could never judge$/,
    (m) => `должно быть не больше slidingWindowSize (${m[1]}): в окне никогда не бывает больше вызовов, так что автомат не смог бы вынести решение`,
  ],
  [/^needs a bounded buffer downstream to watch \(none of (.+) has one\), or null$/, (m) => `нужен ограниченный буфер ниже по потоку, за которым следить (ни у одной из стадий ${m[1]} его нет), или null`],
  [/^needs a stage with respond: true on the way of its items \(its callers wait for that response\), or null$/, () => 'нужна стадия с respond: true на пути её элементов (вызывающие ждут этого ответа), или null'],
  [
    /^sends copies before the response: a stage with respond comes after it, and only the stage that responds or one after it may send to several$/,
    () => 'рассылает копии до ответа: стадия с respond идёт после неё, а отправлять в несколько стадий может только отвечающая стадия или стоящая после неё',
  ],
  [/^must not be a stage name \(a slowdown names one or the other\)$/, () => 'не должно совпадать с именем стадии (замедление называет либо стадию, либо зависимость)'],
  [
    /^would bring (\S+) to (\d+) workers: a stage has at most (\d+) over a run \(workers plus added\), so at most (\d+) here$/,
    (m) => `довело бы ${m[1]} до ${m[2]} воркеров: у стадии за прогон не больше ${m[3]} (workers плюс добавленные), так что здесь можно не больше ${m[4]}`,
  ],
  [
    /^would bring (group|pool) (\S+) to (\d+) consumers: a (?:group|pool) has at most (\d+) over a run \((\w+) plus added\), so at most (-?\d+) here$/,
    (m) =>
      `довело бы ${m[1] === 'group' ? 'группу' : 'пул'} ${m[2]} до ${m[3]} консьюмеров: у ${m[1] === 'group' ? 'группы' : 'пула'} за прогон не больше ${m[4]} (${m[5]} плюс добавленные), так что здесь можно не больше ${m[6]}`,
  ],
  [
    /^is too close to 1 for the event budget: Pareto gaps can be as short as mean·\(α−1\)\/α, so this run may see up to (.+?) arrivals \((.+?) events; the budget is (.+?)\)\. Raise alpha or lower duration$/,
    (m) =>
      `слишком близко к 1 для бюджета событий: интервалы Парето бывают короче mean·(α−1)/α, так что прогон может увидеть до ${count(m[1])} поступлений (${count(m[2])} событий при бюджете ${count(m[3])}). Увеличьте alpha или уменьшите duration`,
  ],
  [
    /^must be one of Kafka’s assignors: (.+) \(or (.+)\)$/,
    (m) => `должно быть одним из назначателей Kafka: ${m[1].replace(' or ', ' или ')} (или ${m[2]})`,
  ],
  // ── the run's budget (budget.ts) ──
  [
    /^needs too much memory: this run may need about (\S+ \S+), the budget is (\S+ \S+); (\d+) % of it is (.+)\. (?:Lower (\S+)|Raise (\S+) or lower duration)( \(or the producers' rates\))?( or the number of consumer groups)?$/,
    (m) =>
      `требует слишком много памяти: прогону может понадобиться около ${bytes(m[1])} при бюджете ${bytes(m[2])}; ${m[3]} % из них — ${what(m[4])}. ` +
      (m[5] ? `Уменьшите ${m[5]}` : `Увеличьте ${m[6]} или уменьшите duration`) +
      (m[7] ? ' (или интенсивность продюсеров)' : '') +
      (m[8] ? ' или число групп консьюмеров' : ''),
  ],
  [
    /^asks for too many events: this run needs about (.+?) events, the budget is (.+?); (\d+) % of them are (.+?)\. ((?:Lower|Raise|Give) .+)$/,
    (m) => {
      const todo = advice(m[5]);
      return todo === null ? m[0] : `требует слишком много событий: прогону нужно около ${count(m[1])} событий при бюджете ${count(m[2])}; ${m[3]} % из них — ${what(m[4])}. ${todo}`;
    },
  ],
  [
    /^is too long for the event budget: this run needs about (.+?) events \((.+?) records at the peak rates\), the budget is (.+?)\. Lower duration \(at most about (\S+) s here\), the producers' rates or load-spike factors(, or the number of consumer groups)?$/,
    (m) =>
      `слишком длинный прогон для бюджета событий: ему нужно около ${count(m[1])} событий (${count(m[2])} записей при пиковой интенсивности) при бюджете ${count(m[3])}. ` +
      `Уменьшите duration (здесь — примерно до ${num(m[4])} с), интенсивность продюсеров или множители всплесков нагрузки${m[5] ? ' либо число групп консьюмеров' : ''}`,
  ],
  [
    /^with a peak arrival rate of (\S+)\/s must be at most (\d+) s \(at most ([\d,]+) expected arrivals per run\)$/,
    (m) => `при пиковой интенсивности ${num(m[1])}/с должно быть не больше ${num(m[2])} с (не больше ${count(m[3])} ожидаемых поступлений за прогон)`,
  ],
  // ── links (share.ts, the page) ──
  [/^is truncated or corrupted: its data does not decompress \(was the whole link copied\?\)$/, () => 'обрезана или повреждена: её данные не распаковываются (ссылка скопирована целиком?)'],
  [/^is truncated or corrupted: its data is not valid JSON \(was the whole link copied\?\)$/, () => 'обрезана или повреждена: её данные — не JSON (ссылка скопирована целиком?)'],
  [/^is not a QueueLab scenario link \(expected (.+)\)$/, (m) => `это не ссылка на сценарий QueueLab (ожидалось ${m[1]})`],
  [/^is too long \((\d+) characters; at most (\d+)\)$/, (m) => `слишком длинная (символов: ${num(m[1])}; можно не больше ${num(m[2])})`],
  [/^is too large: its data expands to more than ([\d,]+) characters \(real scenarios are under 100,000; share a larger one as a file\)$/, (m) => `слишком большая: её данные распаковываются в текст длиннее ${count(m[1])} символов (настоящие сценарии — меньше 100 000; сценарий больше передайте файлом)`],
  [/^has no #… part: copy the whole link from the address bar$/, () => 'в ней нет части #…: скопируйте ссылку из адресной строки целиком'],
  [
    /^holds (a playlist|an interview question|a mock interview|no scenario), not one scenario: open it in the page, or give one of its scenarios$/,
    (m) => `${HOLDS[m[1]]}: откройте её на странице или укажите один из её сценариев`,
  ],
  [/^uses link format (v\d+), which this QueueLab does not read \(it reads (.+)\)$/, (m) => `в формате ${m[1]}, которого эта версия QueueLab не читает (она читает ${m[2].replace(' and ', ' и ')})`],
  [/^was changed or truncated: it is not <8-character checksum>\.<data> \(was the whole link copied\?\)$/, () => 'изменена или обрезана: это не <контрольная сумма из 8 символов>.<данные> (ссылка скопирована целиком?)'],
  [/^was changed or truncated: checksum does not match \(was the whole link copied\?\)$/, () => 'изменена или обрезана: контрольная сумма не сходится (ссылка скопирована целиком?)'],
  [/^was changed or truncated: it says v1 but has a v2 checksum$/, () => 'изменена или обрезана: в ней указан v1, а контрольная сумма — v2'],
  [/^has an unknown part "(.*)" \(known: (.+)\)$/, (m) => `в ней неизвестная часть «${m[1]}» (известны: ${m[2]})`],
  [/^(\w+): has no value \((\w+)=…\)$/, (m) => `${m[1]}: нет значения (${m[2]}=…)`],
  [/^(\w+): given twice$/, (m) => `${m[1]}: указано дважды`],
  [/^list: has (\d+) entries; at most (\d+)$/, (m) => `list: пунктов ${m[1]}, а можно не больше ${m[2]}`],
  [/^list: entry (\d+) is not <scenario id>, <id>\+fix or <id>~fix$/, (m) => `list: пункт ${m[1]} не в виде <сценарий>, <сценарий>+fix или <сценарий>~fix, где <сценарий> — id готового сценария`],
  [/^at: must be an entry number from 0 to (-?\d+)$/, (m) => `at: должно быть номером пункта от 0 до ${m[1]}`],
  [/^at: only with a list$/, () => 'at: только вместе с list=… (в ссылке на плейлист)'],
  [
    /^sweep: is not <setting path>:<from>:<to>:<points>:<replications>\[:<metric>\] \(e\.g\. (.+)\)$/,
    (m) => `sweep: не в виде <путь настройки>:<от>:<до>:<точек>:<повторов>[:<метрика>] (например, ${m[1]})`,
  ],
  [/^sweep: from and to must be finite numbers$/, () => 'sweep: from и to должны быть конечными числами'],
  [/^sweep: points must be 1 … (\d+)$/, (m) => `sweep: точек должно быть от 1 до ${m[1]}`],
  [/^sweep: one point needs from = to$/, () => 'sweep: для одной точки нужно from = to'],
  [/^sweep: replications must be 1 … (\d+)$/, (m) => `sweep: повторов должно быть от 1 до ${m[1]}`],
  [/^sweep: the replications choose the seeds \(seed \+ r\); sweep another setting$/, () => 'sweep: seed выбирают повторы (seed + r); меняйте другую настройку'],
  [/^sweep: not with vs \(compare view shows two runs, a sweep many\)$/, () => 'sweep: не вместе с vs (сравнение показывает два прогона, развёртка — много)'],
  [/^q: not with mock \(a mock interview names its questions by their place\)$/, () => 'q: не вместе с mock (пробное интервью называет вопросы по их месту)'],
  [
    /^(\w+): an interview link carries no (\w+) \(the question names its own run\)$/,
    (m) => `${m[1]}: в ссылке на интервью не бывает ${m[2] === 'scenario' ? 'сценария' : `части ${m[2]}=…`} (вопрос сам задаёт свой прогон)`,
  ],
  [/^q: is not a question id \(lowercase letters, digits and -\)$/, () => 'q: это не id вопроса (в нём бывают только строчные латинские буквы, цифры и дефис)'],
  [
    /^mock: is not <seed>\.<questions>\.<question shown>\.<pool> \(e\.g\. (\S+); seed 0 … (\d+), pool 1 … (\d+)\)$/,
    (m) => `mock: не в виде <зерно>.<число вопросов>.<номер показанного, с 0>.<размер набора> (например, ${m[1]}; зерно от 0 до ${num(m[2])}, набор от 1 до ${num(m[3])})`,
  ],
  [/^mock: asks (\d+) questions; at most (\d+)$/, (m) => `mock: вопросов ${m[1]}, а можно не больше ${m[2]}`],
  [/^mock: shows question (\d+), but the interview has (\d+)$/, (m) => `mock: показывает вопрос ${m[1]}, а в интервью их ${m[2]}`],
  [/^mock: asks (\d+) questions of a pool of (\d+)$/, (m) => `mock: вопросов ${m[1]}, а в наборе всего ${m[2]}`],
  [/^draws from (\d+) questions, but this QueueLab has (\d+) \(a link from a newer version\?\)$/, (m) => `берёт вопросы из набора в ${num(m[1])}, а в этой версии QueueLab их всего ${num(m[2])} (ссылка из более новой версии?)`],
  [/^asks (\d+) questions, but there are (\d+)$/, (m) => `вопросов ${m[1]}, а всего их ${m[2]}`],
  [/^there is no question "(.*)"$/, (m) => `вопроса «${m[1]}» нет`],
  [/^the interview questions could not be loaded: (.+)$/, (m) => `вопросы интервью не загрузились: ${m[1]}`],
  [/^cut short; its start names a (\w+) scenario(?: "(.+)")?$/, (m) => `обрезана; по её началу это сценарий модели ${m[1]}${m[2] ? ` «${m[2]}»` : ''}`],
  // a question whose run cannot be built (src/app/interview/questions.ts: a shipped question that does not fit this version's scenarios)
  [/^"([^"]+)": "([^"]+)" has no fix to compare with$/, (m) => `вопрос «${m[1]}»: у «${m[2]}» нет решения, с которым можно сравнить`],
  [/^"([^"]+)" runs scenario "([^"]+)", which is not shipped$/, (m) => `вопрос «${m[1]}» открывает сценарий «${m[2]}», которого нет среди готовых`],
  [/^"([^"]+)": its overrides do not apply to "([^"]+)"$/, (m) => `вопрос «${m[1]}»: его изменения не применяются к «${m[2]}»`],
  [/^"([^"]+)": run B's overrides do not apply$/, (m) => `вопрос «${m[1]}»: изменения прогона B не применяются`],
  [/^"([^"]+)" has no fix to compare with$/, (m) => `у «${m[1]}» нет решения, с которым можно сравнить`],
  [/^entry (\d+) names "(.+)", which is not a shipped scenario$/, (m) => `пункт ${m[1]} называет «${m[2]}», такого сценария среди готовых нет`],
  [/^the "(\w+)" model has no fault timeline$/, (m) => `у модели «${m[1]}» нет шкалы сбоев`],
];

/** A validation message (without its path) in `lang`: the rule for its shape, or the message as written. */
export function errorMessageText(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  for (const [re, f] of RULES) {
    const m = re.exec(message);
    if (m) return f(m);
  }
  return message;
}

/** Whether a rule knows this message's shape (for the tests: every message the page can show has one). */
export function hasErrorRule(message: string): boolean {
  return RULES.some(([re, f]) => {
    const m = re.exec(message);
    return m !== null && f(m) !== m[0];
  });
}

/** A formatted error line — `path: message (got value)`, as `formatError` writes it — in its parts. */
export interface ErrorLine {
  /** The field's path; a second scenario's (`vs=` of a link) as `vs: <path>`. */
  readonly path: string;
  readonly message: string;
  /** The value as the validator showed it, if the line has one. */
  readonly got: string | undefined;
}

/** A formatted error line cut into its parts; null when it names no path. */
export function splitErrorLine(line: string): ErrorLine | null {
  const m = /^((?:vs: )?\S+): (.*?)(?: \(got (.*)\))?$/s.exec(line);
  return m ? { path: m[1], message: m[2], got: m[3] } : null;
}

/** The page's words for the paths that are not fields. */
const WHERE_RU: Readonly<Record<string, string>> = { scenario: 'сценарий', link: 'ссылка' };

/**
 * A value as the validator showed it, for the Russian page: a text (JSON-quoted, perhaps cut short
 * with "...") in «», anything else as given (typed, or in the file: not reformatted).
 */
function gotRu(got: string): string {
  if (got === 'nothing') return 'ничего';
  if (!got.startsWith('"')) return got;
  const cut = !/^"(?:[^"\\]|\\.)*"$/s.test(got) && got.endsWith('...');
  try {
    const text: unknown = JSON.parse(cut ? `${got.slice(0, -3)}"` : got);
    return typeof text === 'string' ? `«${text}${cut ? '…' : ''}»` : got;
  } catch {
    return got;
  }
}

/**
 * A formatted error line in `lang`. `nameOf` names a field as the page labels it (the settings
 * panel's labels, see `fieldNames` in settings/view.ts); a path it does not know stays as it is
 * spelt ("scenario" and "link" in the page's words). The value stays as it was given.
 */
export function errorLineText(line: string, lang: Lang, nameOf?: (path: string) => string | undefined): string {
  const parts = splitErrorLine(line);
  if (!parts) return errorMessageText(line, lang);
  const { path, message, got } = parts;
  const name = nameOf?.(path);
  if (lang === 'en') return name === undefined ? line : `${name}: ${message}${got === undefined ? '' : ` (got ${got})`}`;
  const value = got === undefined ? '' : ` (получено ${gotRu(got)})`;
  return `${name ?? WHERE_RU[path] ?? path}: ${errorMessageText(message, lang)}${value}`;
}
