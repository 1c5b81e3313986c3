/**
 * A model's settings described as data: sections of fields, each field named by its scenario path.
 * Everything about a field that the schema knows (control, range, unit, default, the validator's
 * message) is derived from the valibot schema by `schema-info.ts`; the data here only adds what
 * the schema cannot know: the words (EN/RU label and one-line hint), the Kafka config name, and
 * the values to fill in when the user switches a variant or adds a list item.
 */

export type SettingsLang = 'en' | 'ru';

/** A text in every language of the page. */
export interface Text {
  readonly en: string;
  readonly ru: string;
}

/**
 * One candidate value for a field that has to be filled in (after a variant switch, or in a new
 * list item). Either a literal, or computed from numbers already in the draft: the mean of the
 * values at `from`, times `times`, plus `plus`, rounded if `round`. `from` paths are read in a
 * context object: `old.*` (the object before the variant switch), `last.*` (the list's last item),
 * `parent.*` (the object holding the list) and `root.*` (the whole scenario). A computed preset
 * whose inputs are missing (or not numbers) is skipped.
 */
export type Preset =
  | { readonly value: unknown }
  | { readonly from: readonly string[]; readonly times?: number; readonly plus?: number; readonly round?: boolean };

/** Candidates per field key, tried in order; the first one the field's schema accepts wins. */
export type Presets = Readonly<Record<string, readonly Preset[]>>;

/** Words for one field of a list item (the item's fields themselves come from the schema). */
export interface ItemFieldSpec {
  readonly label: Text;
  /** What an error list calls the field when its label is a word of the row ("from", "→"): "rate". */
  readonly name?: Text;
  readonly unit?: Text;
  readonly step?: number;
  /** Placeholder while empty. */
  readonly empty?: Text;
}

/** A condition on the draft: the value at `path` is `is`. */
export interface When {
  readonly path: string;
  readonly is: string | number | boolean;
}

export interface FieldSpec {
  /**
   * Scenario path, dot-separated as in `--set` and in validation errors: `topic.partitions`,
   * `producers.0.rate`, `groups.{i}.max.poll.records` (`{i}` is the index of the section's `each`
   * array). A variant's discriminator (`service.type`, `producers.0.keys.kind`) gives the variant
   * control; a list of objects (`producers.0.profile`) gives the list control.
   */
  readonly path: string;
  readonly label: Text;
  /** One line under the field (and its tooltip). */
  readonly hint: Text;
  /**
   * Kafka config name shown next to the label. `true` = the field's own key in the schema (which
   * is the config name, e.g. `max.poll.records`); a string may hold `{path}` placeholders read
   * from the scenario, e.g. `{topic.name}.dlq`.
   */
  readonly config?: string | true;
  /** Replaces the schema's unit when it says more (e.g. "records/s" for `/s`). */
  readonly unit?: Text;
  /** Input step; default 1 for integers, any otherwise. */
  readonly step?: number;
  /** The `data-testid` is `set-<id>`; default the concrete path (`{i}` replaced). */
  readonly id?: string;
  /** Placeholder while empty (e.g. "∞" where null means unbounded). */
  readonly empty?: Text;
  /** Display names of select / variant options, by value (default: the value itself). */
  readonly options?: Readonly<Record<string, Text>>;
  /** Variant control: values to fill per option when switching to it (see `switchVariant`). */
  readonly variants?: Readonly<Record<string, Presets>>;
  /**
   * Show the field only while the scenario has this value at this path (e.g. a consumer's
   * `prefetch` only while `queue.type` is `rabbitmq`): a setting the other flavour ignores is left out.
   * `{i}` in the path is the section's index, as in `path`.
   * A list: every condition must hold.
   */
  readonly when?: When | readonly When[];
  /** List control: the words for its items and how a new item is filled. */
  readonly item?: {
    /** "step": used in "+ add a step" and "remove step". */
    readonly name: Text;
    readonly fields: Readonly<Record<string, ItemFieldSpec>>;
    /** Context `last`, `parent`, `root`. */
    readonly add?: Presets;
  };
}

export interface SettingsSection {
  /** Unique among the model's sections (the concrete section id adds `-<i>` for `each`). */
  readonly id: string;
  /** Legend; `{path}` placeholders are read from the scenario (`{i}` first becomes the index). */
  readonly title: Text;
  /** Shown as code after the title, e.g. `topic.name`, `groups.{i}.group.id` (a path template). */
  readonly code?: string;
  /**
   * Repeat this section for every element of the array at this path (`groups`). Consecutive
   * sections with the same `each` are repeated together: group 0's sections, then group 1's.
   */
  readonly each?: string;
  /** Path of an array: when it holds more than one element the legend says "(1 of N)". */
  readonly count?: string;
  readonly fields: readonly FieldSpec[];
}
