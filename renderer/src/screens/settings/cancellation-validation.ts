import { baseUrlProblem } from '@shared/profile/base-url';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { cancellationFieldsSchema } from '@shared/profile/cancellation-fields';
import { profileSchema } from '@shared/profile/schema';
import { toFieldDef, type CancellationRowValues } from './cancellation-form';
import type { ProfileFormValues } from './profile-form';

/** The profile's own path rule (starts with /, URL-safe), so the form and main check it one way. */
const pathSchema = profileSchema.shape.cancellation.unwrap().shape.path;

/** The cells a row offers: a default field's name, label and type are fixed, so its problems show at "sent as". */
const EXTRA_CELLS = ['name', 'label', 'type', 'wire', 'required', 'maxLength', 'options'] as const;
const PRESET_CELLS = ['wire', 'leaveOut', 'required'] as const;

/** Plain words for the one shared message that has none of its own: a maximum length that is not a number. */
const plainWords: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')
    ? 'Enter a whole number from 1 to 10,000, or leave it empty'
    : undefined;

/**
 * The form field where a problem of the cancellation settings belongs, from its path in the
 * profile (`cancellation.fields.2.wire`, `cancellation.path`, or just `cancellation` where main
 * named no more). A problem with the set as a whole goes to the table's own error.
 */
export function cancellationErrorPath(
  path: readonly PropertyKey[],
  rows: readonly CancellationRowValues[],
): FieldPath<ProfileFormValues> {
  const [, part, index, cell] = path;
  if (part !== 'fields') return 'cancellationPath';
  const row = typeof index === 'number' || /^\d+$/.test(String(index)) ? Number(index) : undefined;
  if (row === undefined || !rows[row]) return 'cancellationFields';
  const cells: readonly string[] = rows[row].preset ? PRESET_CELLS : EXTRA_CELLS;
  const at = cells.includes(String(cell)) ? String(cell) : (cells[0] ?? 'wire');
  return `cancellationFields.${row}.${at}` as FieldPath<ProfileFormValues>;
}

/**
 * The settings form's check of its cancellation part with the shared schemas (the path rule and
 * `cancellationFieldsSchema`), each problem placed at the cell it concerns; the rest of the
 * profile is left to main, as before.
 */
const formSchema = z
  .looseObject({ cancellationPath: z.string(), cancellationFields: z.array(z.custom<CancellationRowValues>()) })
  .superRefine(({ cancellationPath, cancellationFields: rows }, ctx) => {
    const path = pathSchema.safeParse(cancellationPath.trim() || null);
    for (const issue of path.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['cancellationPath'], message: issue.message });
    }
    rows.forEach((row, i) => {
      if (row.preset && !row.leaveOut && !row.wire.trim()) {
        const message = 'Enter the name it is sent as, or leave it out';
        ctx.addIssue({ code: 'custom', path: ['cancellationFields', i, 'wire'], message });
      }
    });
    const fields = cancellationFieldsSchema.safeParse(rows.map(toFieldDef), { error: plainWords });
    for (const issue of fields.error?.issues ?? []) {
      const at = cancellationErrorPath(['cancellation', 'fields', ...issue.path], rows);
      ctx.addIssue({ code: 'custom', path: at.split('.'), message: issue.message });
    }
  });

/** The settings form's resolver: the values stay as typed; only the cancellation part is checked here. */
export const cancellationResolver = zodResolver(formSchema, undefined, { raw: true }) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  ProfileFormValues
>;

/**
 * The settings form's resolver on leaving a field: the cancellation part as above, and a base URL
 * that is not https (nor this computer) refused as soon as Base URL is left. On Save the base URL
 * is left to main, whose answer lists every field to correct.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfileFormValues> = async (
  values,
  context,
  options,
) => {
  const result = await cancellationResolver(values, context, options);
  // Base URL alone is checked as it is left; a Save checks every field at once, and leaves it to main.
  const leaving = options.names?.length === 1 && options.names[0] === 'baseUrl';
  const problem = leaving ? baseUrlProblem(values.baseUrl.trim()) : undefined;
  if (!problem) return result;
  return { values: {}, errors: { ...result.errors, baseUrl: { type: 'custom', message: problem } } };
};
