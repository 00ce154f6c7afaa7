import { DEFAULT_REQUIRED, ENTRY_FIELDS, defaultMaxLength, type EntryField } from '@shared/entry/fields';
import { ruleFor } from '@shared/entry/schema';
import { DEFAULT_PROFILE_COLOUR, type Profile, type ProfileInput } from '@shared/profile/schema';
import { toCancellationInput, toCancellationRows, type CancellationRowValues } from './cancellation-form';

/** The settings form's values: a profile with every field rule spelled out. */
export interface ProfileFormValues {
  name: string;
  baseUrl: string;
  colour: NonNullable<Profile['colour']>;
  dateFormat: Profile['dateFormat'];
  blankMode: Profile['blankMode'];
  postcodeCheck: boolean;
  requestTimeoutSec: number;
  concurrency: number;
  cancellationPath: string;
  cancellationFields: CancellationRowValues[];
  rules: Record<EntryField, { required: boolean; maxLength: number }>;
}

/** Form values for a profile (or a new one). */
export function toFormValues(profile: Profile | undefined): ProfileFormValues {
  const base = profile ?? {
    name: '',
    baseUrl: 'https://',
    dateFormat: 'YYYY-MM-DD' as const,
    blankMode: 'send' as const,
    postcodeCheck: true,
    fieldRules: {},
    cancellation: { path: null, fields: undefined },
    requestTimeoutMs: 30_000,
    concurrency: 4,
  };
  return {
    name: base.name,
    baseUrl: base.baseUrl,
    colour: profile?.colour ?? DEFAULT_PROFILE_COLOUR,
    dateFormat: base.dateFormat,
    blankMode: base.blankMode,
    postcodeCheck: base.postcodeCheck,
    requestTimeoutSec: base.requestTimeoutMs / 1000,
    concurrency: base.concurrency,
    cancellationPath: base.cancellation.path ?? '',
    cancellationFields: toCancellationRows(base.cancellation.fields),
    rules: Object.fromEntries(ENTRY_FIELDS.map((f) => [f, ruleFor(f, base)])) as ProfileFormValues['rules'],
  };
}

/** The profile to save: only the field rules that differ from the defaults are stored. */
export function toProfileInput(values: ProfileFormValues): ProfileInput {
  const fieldRules: ProfileInput['fieldRules'] = {};
  for (const field of ENTRY_FIELDS) {
    const rule = values.rules[field];
    const override: { required?: boolean; maxLength?: number } = {};
    if (rule.required !== DEFAULT_REQUIRED.includes(field)) override.required = rule.required;
    if (Number(rule.maxLength) !== defaultMaxLength(field)) override.maxLength = Number(rule.maxLength);
    if (Object.keys(override).length) fieldRules[field] = override;
  }
  return {
    name: values.name,
    baseUrl: values.baseUrl,
    colour: values.colour,
    dateFormat: values.dateFormat,
    blankMode: values.blankMode,
    postcodeCheck: values.postcodeCheck,
    requestTimeoutMs: Math.round(Number(values.requestTimeoutSec) * 1000),
    concurrency: Number(values.concurrency),
    fieldRules,
    cancellation: toCancellationInput(values.cancellationPath, values.cancellationFields),
  };
}

/** How the settings form labels each of its fields, for messages that name them. */
export const FORM_FIELD_LABELS: Record<keyof ProfileFormValues, string> = {
  name: 'Name',
  baseUrl: 'Base URL',
  colour: 'Colour',
  dateFormat: 'Date format on the wire',
  blankMode: 'Blank optional fields',
  postcodeCheck: 'Check UK postcode format',
  requestTimeoutSec: 'Request timeout',
  concurrency: 'Parallel sends',
  cancellationPath: 'Cancellation path',
  cancellationFields: 'Cancellation fields',
  rules: 'Field rules',
};

/** Maps a saved profile's error paths (e.g. `requestTimeoutMs`) to form field names. */
export function formFieldFor(path: string): keyof ProfileFormValues | undefined {
  const map: Record<string, keyof ProfileFormValues> = {
    name: 'name',
    baseUrl: 'baseUrl',
    colour: 'colour',
    requestTimeoutMs: 'requestTimeoutSec',
    concurrency: 'concurrency',
    cancellation: 'cancellationPath',
    dateFormat: 'dateFormat',
    blankMode: 'blankMode',
    postcodeCheck: 'postcodeCheck',
    fieldRules: 'rules',
  };
  return map[path];
}
