/**
 * The generic settings dialog rendered on the server (no browser): the test ids the browser tests
 * use, the ranges next to the fields, the errors at their fields, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { render } from 'svelte/server';
import SettingsPanel from '../../src/app/shell/SettingsPanel.svelte';
import { formatError, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { KAFKA_SETTINGS } from '../../src/app/panels/kafka/sections.ts';
import { STATION_SETTINGS } from '../../src/app/panels/station/settings.ts';
import type { SettingsSection } from '../../src/app/settings/index.ts';

function load(id: string): Scenario {
  const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(r.errors.map(formatError).join('; '));
  return r.scenario;
}

function html(scenario: Scenario, sections: readonly SettingsSection[], lang: 'en' | 'ru' = 'en'): string {
  return render(SettingsPanel, { props: { scenario, title: scenario.title, sections: [...sections], lang, onapply: () => null, onclose: () => {} } }).body;
}

const testids = (body: string): Set<string> => new Set([...body.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]));

describe('SettingsPanel', () => {
  it('renders every test id of the former Kafka dialog', () => {
    const ids = testids(html(load('black-friday'), KAFKA_SETTINGS));
    const expected = ['settings', 'settings-apply', 'set-producers.0.rate', 'set-keys.kind', 'set-producers.0.keys.count', 'set-profile', 'set-profile-0-at', 'set-profile-0-rate', 'set-profile-0-ramp', 'set-profile-add', 'set-producers.0.arrivals', 'set-topic.partitions', 'set-topic.retention.ms', 'set-topic.segment.ms', 'set-groups.0.members', 'set-groups.0.retry.mode', 'set-groups.0.retry.dlq', 'set-groups.0.processing.time.mean', 'set-duration', 'set-warmup'];
    expect(expected.filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.has('settings-errors')).toBe(false);
  });

  it('puts the remove-step button inside the profile, labelled as the browser test expects', () => {
    const body = html(load('black-friday'), KAFKA_SETTINGS);
    const profile = body.slice(body.indexOf('data-testid="set-profile"'), body.indexOf('data-testid="set-profile-add"'));
    expect(profile).toContain('aria-label="remove step"');
  });

  it('shows ranges in the page language and the station in queueing notation', () => {
    const en = html(load('mmc'), STATION_SETTINGS);
    expect(en).toMatch(/data-testid="range-servers"[^>]*>1 – 10,000</);
    expect(en).toContain('Servers c');
    const ru = html(load('mmc'), STATION_SETTINGS, 'ru');
    expect(ru).toMatch(/data-testid="range-servers"[^>]*>1 – 10\s000</u);
    expect(ru).toContain('Применить и перезапустить');
  });

  it('lists the errors of an invalid scenario and marks the field', () => {
    const s = load('consumers-gt-partitions');
    if (s.model !== 'kafka') throw new Error('expected a Kafka scenario');
    const bad = { ...s, groups: s.groups.map((g, i) => (i === 0 ? { ...g, members: -3 } : g)) } as unknown as Scenario;
    const body = html(bad, KAFKA_SETTINGS);
    expect(body).toContain('data-testid="settings-errors"');
    // The list names the field as the form labels it (the path in its tooltip); the field shows the message.
    const group = s.groups[0]['group.id'];
    expect(body).toContain(`<li title="groups.0.members">Consumer group ${group} · Members: must be an integer in [0, 1000] (got -3)</li>`);
    expect(body).not.toContain('groups.0.members: must be');
    expect(body).toMatch(/<span class="err[^"]*" role="alert">must be an integer in \[0, 1000\]<\/span>/);
    expect(body).toMatch(/data-testid="settings-apply"[^>]*disabled|disabled[^>]*data-testid="settings-apply"/);
    const ru = html(bad, KAFKA_SETTINGS, 'ru');
    expect(ru).toContain(`<li title="groups.0.members">Группа консьюмеров ${group} · Участники: должно быть целым числом в [0; 1000] (получено -3)</li>`);
    expect(ru).not.toContain('must be');
  });
});
