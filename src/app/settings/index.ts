/**
 * One settings panel for every model: a model lists its fields as data (`SettingsSection[]`, see
 * `src/app/panels/<kind>/settings.ts`); control, range, unit, default and message come from the
 * valibot scenario schema; errors from `validateScenario`. `src/app/shell/SettingsPanel.svelte`
 * renders it.
 */
export type { FieldSpec, ItemFieldSpec, Preset, Presets, SettingsLang, SettingsSection, Text } from './types.ts';
export { accepts, fieldAt, fieldsAnywhere, inRange, rangeOf, type Control, type FieldInfo, type Range } from './schema-info.ts';
export { addItem, getAt, getByPath, namesFromInput, namesToInput, numberFromInput, presetValue, removeItem, sensibleNumber, setAt, switchVariant, textFromInput } from './edit.ts';
export {
  boundText,
  buildView,
  concretePath,
  expandSections,
  fieldNames,
  fieldView,
  fillTemplate,
  PANEL_TEXT,
  panelText,
  rangeText,
  type ConcreteSection,
  type FieldView,
  type ItemFieldView,
  type ItemView,
  type OptionView,
  type PanelTextKey,
  type SectionView,
} from './view.ts';
export { serviceFields, SERVICE_OPTIONS, SERVICE_PRESETS } from './distribution-fields.ts';
