/**
 * The import dialog: paste (or drop) your own configuration, see every key applied, not modelled
 * or rejected, open it as a scenario with a share link, and the page runs it — the same numbers
 * as the CLI for that link. The dialog and its parsers are a chunk loaded when it opens; a file
 * that cannot be read says why.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decodeShare, type KafkaScenario, type QueueScenario } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, runToEnd, SHOTS } from './helpers.ts';

failOnConsoleErrors();

const fixture = (name: string) => readFileSync(`test/fixtures/import/${name}`, 'utf8');
const count = async (page: Page, id: string) => Number(await page.getByTestId(id).getAttribute('data-count'));

/** The dialog opens from the settings panel (⚙ Settings in the header), which closes. */
async function openDialog(page: Page): Promise<void> {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await expect(page.getByTestId('settings')).toHaveCount(0);
}

test('paste a consumer group’s describe output: the lists, Open, a share link, and the page runs it as the CLI does', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/ImportDialog-[^/]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('playground')).toBeVisible();
  // The dialog and its parsers are not part of the first load.
  expect(chunks).toEqual([]);
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/import-settings-en.png` });
  expect(chunks).toEqual([]);
  await page.getByTestId('settings-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  expect(chunks).toHaveLength(1);
  await expect(page.getByTestId('import-empty')).toBeVisible();

  await page.getByTestId('import-text').fill(fixture('consumer-groups-describe.txt'));
  await expect(page.getByTestId('import-target')).toHaveText('kafka-topics.sh / kafka-consumer-groups.sh --describe → log (topic and consumer groups) model: Imported topic orders, 2 groups');
  expect([await count(page, 'import-applied'), await count(page, 'import-skipped'), await count(page, 'import-rejected')]).toEqual([6, 12, 0]);
  await expect(page.getByTestId('import-applied')).toContainText('CONSUMER-ID = orders-service: 3 distinct → groups.0.members = 3');
  await expect(page.getByTestId('import-skipped')).toContainText('LAG = orders-service: 22361 · a run starts with empty logs');
  await expect(page.getByTestId('import-assumed')).toContainText('load: one producer at 200 per second');
  await page.locator('[data-testid=import-dialog]').screenshot({ path: `${SHOTS}/import-describe-en.png` });

  await page.getByTestId('import-open').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  // A normal scenario: the picker names it, the URL carries it.
  await expect(page.getByTestId('scenario').locator('option:checked')).toHaveText('Imported topic orders, 2 groups (from link)');
  const decoded = decodeShare(page.url());
  expect(decoded.ok).toBe(true);
  const s = (decoded.ok ? decoded.scenario : null) as KafkaScenario;
  expect([s.model, s.topic.name, s.topic.partitions, s.groups.map((g) => [g['group.id'], g.members])]).toEqual(['kafka', 'orders', 6, [['orders-service', 3], ['orders-audit', 1]]]);

  await runToEnd(page);
  const produced = Number(await page.getByTestId('k-produced').getAttribute('data-value'));
  expect(produced).toBeGreaterThan(100_000);
  const cli = JSON.parse(execFileSync('npx', ['tsx', 'src/cli/sim.ts', page.url(), '--json', '--no-timing'], { encoding: 'utf8' })) as { produced: number };
  expect(produced).toBe(cli.produced);

  // The other way round: the scenario's client settings as a .properties download, as the CLI writes them.
  await openDialog(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-export').click()]);
  expect(download.suggestedFilename()).toBe('imported.properties');
  const body = readFileSync(await download.path(), 'utf8');
  expect(body).toBe(execFileSync('npx', ['tsx', 'src/cli/sim.ts', 'export-properties', page.url()], { encoding: 'utf8' }));
  expect(body).toContain('\ngroup.id=orders-service\n');
});

test('a RabbitMQ export in Russian: «» texts, a queue to choose, and the queue model runs it', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('lang-ru').click();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-import')).toHaveText('Импорт своей конфигурации…');
  await page.screenshot({ path: `${SHOTS}/import-settings-ru.png` });
  await page.getByTestId('settings-import').click();
  await expect(page.getByTestId('import-empty')).toContainText('Здесь появится отчёт');
  await page.getByTestId('import-text').fill(fixture('rabbitmq-definitions.json'));
  await expect(page.getByTestId('import-target')).toHaveText('экспорт определений RabbitMQ (JSON) → модель «очередь»: Импорт: очередь RabbitMQ orders');
  await expect(page.getByTestId('import-applied')).toContainText('меньшее из значений аргумента и политики orders-limits, как в RabbitMQ');
  await expect(page.getByTestId('import-skipped')).toContainText('другая очередь: в сценарии одна очередь (orders; другую можно выбрать через список «Очередь»)');
  await page.locator('[data-testid=import-dialog]').screenshot({ path: `${SHOTS}/import-rabbit-ru.png` });
  await page.getByTestId('import-queue').selectOption('audit.events');
  await expect(page.getByTestId('import-target')).toContainText('Импорт: очередь RabbitMQ audit.events');
  await page.getByTestId('import-queue').selectOption('');
  await page.getByTestId('import-open').click();
  await expect(page.getByTestId('playground')).toHaveAttribute('data-kind', 'queue');
  const decoded = decodeShare(page.url());
  const q = (decoded.ok ? decoded.scenario : null) as QueueScenario;
  expect(q.queue).toMatchObject({ type: 'rabbitmq', name: 'orders', 'x-queue-type': 'quorum', 'x-delivery-limit': 5, 'x-max-length': 50000 });
  await runToEnd(page);
});

test('rejected keys are listed with what is allowed; Open then says it leaves them out', async ({ page }) => {
  await page.goto('/');
  await openDialog(page);
  await page.getByTestId('import-text').fill(fixture('bad-consumer.properties'));
  expect(await count(page, 'import-rejected')).toBe(5);
  await expect(page.getByTestId('import-rejected')).toContainText('session.timeout.ms = 3000: must be an integer in [6000, 1800000] ms');
  await expect(page.getByTestId('import-rejected')).toContainText('auto.offset.reset = by_duration:PT1H: must be one of: earliest, latest, none');
  await expect(page.getByTestId('import-open')).toHaveText('Open without the rejected keys');
  await page.screenshot({ path: `${SHOTS}/import-rejected-en.png` });
  await page.getByTestId('import-open').click();
  const decoded = decodeShare(page.url());
  const g = ((decoded.ok ? decoded.scenario : null) as KafkaScenario).groups[0];
  expect([g['group.id'], g['session.timeout.ms'], g['heartbeat.interval.ms']]).toEqual(['billing', 45_000, 1000]);
});

test('a bad file shows a clear message: not text, not a format, a scenario already; a dropped file is read', async ({ page }) => {
  await page.goto('/');
  await openDialog(page);
  await page.getByTestId('import-file').setInputFiles({ name: 'dump.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]) });
  await expect(page.getByTestId('import-error')).toHaveText('Cannot import this: the file is not UTF-8 text');
  await expect(page.getByTestId('import-open')).toBeDisabled();
  await page.getByTestId('import-text').fill('Dear team, the queue is slow again.');
  await expect(page.getByTestId('import-error')).toContainText('Cannot import this: cannot tell what this is: expected a Kafka client .properties file');
  await page.getByTestId('import-text').fill(readFileSync('scenarios/mm1.json', 'utf8'));
  await expect(page.getByTestId('import-error')).toContainText('this is already a QueueLab scenario');
  await page.getByTestId('import-format').selectOption('sqs');
  await page.getByTestId('import-text').fill('max.poll.records=10');
  await expect(page.getByTestId('import-error')).toHaveText('Cannot import this: this does not look like SQS queue attributes (JSON): it is not JSON');
  await page.screenshot({ path: `${SHOTS}/import-error-en.png` });
  await page.getByTestId('import-format').selectOption('');

  // Drop a file on the dialog.
  const text = fixture('sqs-attributes.json');
  await page.getByTestId('import-dialog').evaluate((el, body) => {
    const dt = new DataTransfer();
    dt.items.add(new File([body], 'attributes.json', { type: 'application/json' }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
  await expect(page.getByTestId('import-target')).toHaveText('SQS queue attributes (JSON) → queue model: Imported SQS queue image-resize');
  await expect(page.getByTestId('import-text')).toHaveValue(text);
  // Escape closes it; the page's scenario is untouched.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  await expect(page.getByTestId('playground')).toHaveAttribute('data-kind', 'station');
});
