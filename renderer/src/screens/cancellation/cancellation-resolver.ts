import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { buildCancellationSchema } from '@shared/entry/cancellation';
import { parseScreenDate, type ScreenDateOrder } from '@shared/entry/screen-date';
import type { Profile } from '@shared/profile/schema';
import { formFields, type CancellationValues } from './form-fields';

type FormResolver = Resolver<CancellationValues, unknown, CancellationValues>;

/**
 * The form's resolver: dates typed in the clerk's screen order are read with the one screen-date
 * parser New entry uses and turned into YYYY-MM-DD, then the profile's run-time cancellation
 * schema checks everything (the same schema main checks again), so the form submits what main takes.
 */
export function cancellationResolver(profile: Profile, order: ScreenDateOrder): FormResolver {
  const dates = formFields(profile)
    .filter((f) => f.type === 'date')
    .map((f) => f.name);
  // The shared schema accepts unknown input (files, the CLI); the form always holds text.
  const schema = zodResolver(buildCancellationSchema(profile)) as unknown as FormResolver;
  return async (values, context, options) => {
    const iso: CancellationValues = { ...values };
    const dateErrors: FieldErrors<CancellationValues> = {};
    for (const name of dates) {
      const read = parseScreenDate(values[name] ?? '', order);
      if (read.ok) iso[name] = read.value;
      else dateErrors[name] = { type: 'date', message: read.message };
    }
    const result = await schema(iso, context, options);
    if (Object.keys(dateErrors).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...dateErrors } };
  };
}
